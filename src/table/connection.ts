import type { ServerChannel, Session } from 'ssh2';
import { cleanSize, hintsOn, keyToAction, refusalText, type AppModel } from '../app/index.js';
import { printable, sameName } from '../engine/index.js';
import { createKeyDecoder, LAYOUT_IDS, type DecodedKey, type LayoutId } from '../input/index.js';
import { asciiOnly } from '../ui/glyphs.js';
import { localeIsUtf8 } from '../ui/locale.js';
import type { GuestLook } from './GuestScreen.js';
import { guestKeys, ownKeys, WATCHING, type OwnToggle } from './guestKeys.js';
import { GuestTerminal } from './guestTerminal.js';
import { KeyBudget, READ_BYTES } from './keyBudget.js';
import { forTerminal } from '../text/index.js';
import type { ScreenGroups } from './screenGroups.js';
import { hostPage, keptOwnPage, ownPageResized, type OwnPage } from './ownPage.js';
import { turnSeat } from './mayAct.js';
import { echoed, type Guest, type Table } from './table.js';

// Bracketed paste on, as on the host's terminal: a guest's paste comes marked, and is refused whole.
const ALT_SCREEN_ON = '\u001b[?1049h\u001b[?2004h\u001b[H';
const ALT_SCREEN_OFF = '\u001b[?2004l\u001b[?1049l\u001b[?25h';
/**
 * A guest's whole screen is drawn again at most this often for them (Ctrl-L, a new window size): a client, or many,
 * cannot keep the host busy. The first of a burst waits BURST_MS, for the rest of it to come.
 */
const REDRAW_MS = 500;
const BURST_MS = 50;
/** A guest's screen moves to another look (a line, a toggle, a size) at most this often. */
export const REGROUP_MS = 250;
/**
 * Environment variables a guest may send: the ones that say whether their terminal reads UTF-8 (localeIsUtf8) and
 * NO_COLOR. A fixed few of short values: a client could otherwise send names and values without end.
 */
const GUEST_ENV = /^(LANG|LC_ALL|LC_CTYPE|NO_COLOR)$/;
const GUEST_ENV_VALUE_MAX = 256;

/** Whether a guest's request to set the environment variable `key` to `value` is taken (else it is refused). */
export function takesGuestEnv(key: string, value: unknown): value is string {
  return GUEST_ENV.test(key) && typeof value === 'string' && value.length <= GUEST_ENV_VALUE_MAX;
}
const CTRL_C = '\u0003';
/** What a guest who sent too many keys at once is told on their own screen. */
const FLOODED = 'Too many keys at once: the table dropped the rest';

/** What a guest's session ends with: a line for the terminal and the exit status the client's ssh exits with. */
interface Farewell {
  readonly text: string;
  readonly status: number;
}

/** The table's side of the connections: the table, how a friend joins (for the messages), whether colours are on. */
export interface TableHost {
  readonly table: Table;
  /** The whole ssh command a friend joins with under a name (`ssh -t -p PORT NAME@HOST`), for the messages. */
  readonly joinCommand: (name: string) => string;
  readonly color: boolean;
  /** Every guest on a screen now, to say goodbye to when the table closes. */
  readonly guests: Set<GuestConnection>;
  /** How long a watcher may stay without a key before the table lets them go (their place is for others). */
  readonly watchIdleMs: number;
  /** The guests' screens, drawn once for all who see the same. */
  readonly screens: ScreenGroups;
}

/**
 * The command a friend joins with: `-t`, because ssh asks for no terminal when a command (a layout's name) is given,
 * and the game needs one.
 */
export function joinCommand(port: number, host: string, name: string): string {
  return `ssh -t -p ${port} ${name}@${host}`;
}

/**
 * Whether a terminal of this TERM shows colours: not a monochrome one (vt100 and its kin, a "-mono" or "-m" entry).
 * The game's colours are the 16 named ones, which every colour terminal has.
 */
export function termHasColour(term: string): boolean {
  return !/^(vt\d+|vt52|dumb)(-|$)|-(mono|m)$/i.test(term.trim());
}

/** Says why a session is not served, on its stderr (wrapped at words to its terminal's width, if known), and ends it. */
function refuse(channel: ServerChannel, message: string, status = 1, columns = 0): void {
  channel.stderr.write(`${forTerminal(`yahtzee: ${printable(message)}`, columns, '\r\n')}\r\n`);
  channel.exit(status);
  channel.end();
}

/**
 * One SSH session of a guest who logged in as `name`: the pty and its size, the locale, then the game's screen on a
 * shell or on an exec of a key layout's name (`ssh -t ... spectrum`); nothing else is served (no other command, no
 * subsystem such as sftp, no X11 or agent forwarding). `started` is called once a shell or an exec is asked for.
 * Returns what to call when the client's connection is gone (GuestConnection.gone).
 */
export function serveSession(session: Session, name: string, host: TableHost, started: () => void = () => undefined): () => void {
  let pty: { term: string; cols: number; rows: number } | null = null;
  const env: Record<string, string> = {};
  let guest: GuestConnection | null = null;
  session.on('pty', (accept, _reject, info) => {
    pty = { term: info.term, cols: info.cols, rows: info.rows };
    accept?.();
  });
  session.on('env', (accept, reject, info) => {
    if (takesGuestEnv(info.key, info.val)) {
      env[info.key] = info.val;
      accept?.();
    } else reject?.();
  });
  session.on('window-change', (accept, _reject, info) => {
    guest?.resize(info.cols, info.rows);
    accept?.();
  });
  const start = (channel: ServerChannel, command: string) => {
    started();
    const word = command.trim().toLowerCase();
    const layout = word === '' ? 'msx' : (LAYOUT_IDS as readonly string[]).includes(word) ? (word as LayoutId) : null;
    // What the client sent is echoed cut short: a user name or a command may be thousands of characters.
    if (layout === null) return refuse(channel, `this table serves only the game: "${echoed(command)}" is not a key layout (msx or spectrum); ${host.joinCommand(echoed(name))} [msx|spectrum]`, 2, pty?.cols);
    if (pty === null) return refuse(channel, `the game needs a terminal: ${host.joinCommand(echoed(name))} ${layout}`, 2);
    if (pty.term === 'dumb') return refuse(channel, 'this terminal (TERM=dumb) cannot move the cursor, which the game needs; join from a terminal such as xterm', 2, pty.cols);
    guest = new GuestConnection(channel, name, layout, pty, env, host);
    guest.open();
  };
  session.on('shell', (accept) => start(accept(), ''));
  session.on('exec', (accept, _reject, info) => start(accept(), info.command));
  session.on('subsystem', (_accept, reject) => reject());
  session.on('sftp', (_accept, reject) => reject());
  session.on('x11', (_accept, reject) => reject?.());
  session.on('auth-agent', (_accept, reject) => reject?.());
  return () => guest?.gone();
}

/**
 * A guest's screen and keys: their terminal shown the table with the guests of the same look (src/table/screenGroups.ts),
 * their own toggles and lines, and their keys to the table.
 */
export class GuestConnection implements Guest {
  private readonly terminal: GuestTerminal;
  private look: Omit<GuestLook, 'line'>;
  private stopWatching: () => void = () => undefined;
  /** The window's size to follow, once the burst of window changes it came in has been read. */
  private size: { columns: number; rows: number } | null = null;
  private sizeDue: ReturnType<typeof setTimeout> | undefined;
  private redrawDue: ReturnType<typeof setTimeout> | undefined;
  /** When this guest's screen was last drawn whole for them (Ctrl-L, a new size). */
  private redrawnAt = 0;
  private idleDue: ReturnType<typeof setTimeout> | undefined;
  /** The look this guest's screen was last placed with (JSON), when, and the place waiting for a burst's end. */
  private lookKey: string | null = null;
  private placedAt = 0;
  private placeDue: ReturnType<typeof setTimeout> | undefined;
  /** The channel, paused after a flood of keys, is read again then. */
  private resumeDue: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A line for this guest's screen only, shown while the host's game stays as it was when it was said. */
  private said: { readonly text: string; readonly model: AppModel | null } | null = null;
  /** The refusal on the table's model when this guest joined: said to whoever had the seat before, not to them. */
  private refusalAtJoin: AppModel['refusal'] = null;
  /** The quit key was pressed once (the leave question is on this guest's screen). */
  private leaveAsked = false;

  constructor(
    private readonly channel: ServerChannel,
    readonly name: string,
    layout: LayoutId,
    pty: { term: string; cols: number; rows: number },
    env: Readonly<Record<string, string>>,
    private readonly host: TableHost,
  ) {
    this.terminal = new GuestTerminal(channel, pty.cols, pty.rows);
    // ASCII as a local terminal would be, from the locale the client sent (none sent: UTF-8, as locally).
    if (!localeIsUtf8(env, 'linux')) asciiOnly(this.terminal as unknown as NodeJS.WriteStream);
    this.terminal.onCaughtUp = () => host.screens.redraw(this.terminal);
    this.look = { layout, color: host.color && (env.NO_COLOR === undefined || env.NO_COLOR === '') && termHasColour(pty.term), seat: null, leaving: false, hint: false, chances: false, onlooker: false, othersPage: false, othersHint: false, ownPage: null };
  }

  /** Joins the table (a seat, or a place to watch) and draws it; a refusal is said and the session ends. */
  open(): void {
    const joined = this.host.table.join(this);
    if (joined.kind === 'refused') return refuse(this.channel, joined.message, 1, this.terminal.columns);
    this.look = { ...this.look, seat: joined.kind === 'seat' ? joined.seat.name : null };
    // The others read that this player is back; their own screen speaks to them. A watcher of a game under way is told.
    const now = this.host.table.current;
    // A refusal said to this seat's last connection is not this one's to read.
    this.refusalAtJoin = now.model?.refusal ?? null;
    if (joined.kind === 'seat' && joined.back) this.said = { text: this.host.table.welcomeBack(joined.seat.name), model: now.model };
    if (joined.kind === 'watch' && now.phase === 'playing') this.said = { text: WATCHING, model: now.model };
    this.host.guests.add(this);
    this.channel.write(ALT_SCREEN_ON);
    this.stopWatching = this.host.table.subscribe(() => this.place());
    this.place();
    const decoder = createKeyDecoder();
    const budget = new KeyBudget(Date.now());
    const deliver = (keys: readonly DecodedKey[]) => {
      if (keys.length > 0) this.keys(keys);
    };
    this.idle();
    this.channel.on('data', (data: Buffer) => {
      if (this.closed) return;
      this.idle();
      const now = Date.now();
      // Out of keys for now: the read is dropped undecoded (only Ctrl-C, leaving, is looked for) and the channel
      // paused, so that the client's SSH window fills and it stops sending until keys count again.
      if (budget.wait(now) > 0) {
        if (data.includes(0x03)) return this.keys([{ input: CTRL_C, key: {}, sequence: CTRL_C }]);
        return this.flooded(budget.wait(now));
      }
      if (this.timer !== undefined) clearTimeout(this.timer);
      this.timer = undefined;
      const keys = decoder.push(data.subarray(0, READ_BYTES).toString('utf8'), now);
      const taken = budget.take(keys.length, now);
      deliver(taken < keys.length ? keys.slice(0, taken) : keys);
      if (taken < keys.length || data.length > READ_BYTES) this.flooded(budget.wait(now));
      const due = decoder.deadline();
      if (due !== null) this.timer = setTimeout(() => deliver(decoder.flush()), Math.max(0, due - Date.now()));
    });
    this.channel.on('close', () => this.close(null));
    // A reset connection ends this guest's session only; the table goes on.
    this.channel.on('error', () => this.close(null));
  }

  /**
   * The client's window changed size: the screen follows the last size of a burst (a client may send thousands of
   * window changes, and each size drawn whole would hold up the table).
   */
  resize(columns: number, rows: number): void {
    const due = this.size === null;
    this.size = { columns, rows };
    if (!due) return;
    this.sizeDue = setTimeout(() => {
      const size = this.size;
      this.size = null;
      if (size === null || this.closed) return;
      this.redrawnAt = Date.now();
      const own = this.look.ownPage;
      const model = this.host.table.current.model;
      if (own !== null && model !== null) {
        const from = cleanSize({ columns: this.terminal.columns, rows: this.terminal.rows });
        this.openPage(ownPageResized(model, own, this.look.layout, from, cleanSize(size)));
      }
      this.terminal.resize(size.columns, size.rows);
      this.place();
    }, this.redrawWait());
  }

  /** The command that brings this guest back, with the Spectrum keys when they came with them. */
  private comeBack(): string {
    return `${this.host.joinCommand(this.name)}${this.look.layout === 'spectrum' ? ' spectrum' : ''}`;
  }

  /** The table is over: the guest is told and the session ends. */
  end(text: string): void {
    this.close({ text, status: 0 });
  }

  /**
   * A read of keys: leaving (Ctrl-C at once; a seated player's quit key asks first) and Ctrl-L are the guest's own;
   * keys on another seat's turn are told why they wait; the rest goes to the table.
   */
  private keys(read: readonly DecodedKey[]): void {
    const view = this.host.table.current;
    const { layout, seat } = this.look;
    const asked = this.said !== null && this.said.model === view.model && this.leaveAsked;
    const waiting = view.model === null ? null : this.host.table.waiting(view.model);
    const screen = { size: cleanSize({ columns: this.terminal.columns, rows: this.terminal.rows }), hint: this.look.hint, chances: this.look.chances };
    const at = { model: view.model, playing: view.phase === 'playing', layout, seat, leaveAsked: asked, waiting, screen, ownPage: this.look.ownPage };
    const { toggles, rest: keys } = ownKeys(read, at);
    if (toggles.length > 0) this.toggle(toggles);
    if (keys.length === 0) return;
    const verdict = guestKeys(keys, at);
    if (verdict.kind === 'leave') {
      const seated = seat !== null && view.phase === 'playing';
      return this.close({ text: seated ? `You left the table; your seat waits for you: ${this.comeBack()} to come back.` : 'You left the table.', status: 0 });
    }
    if (verdict.kind === 'none') return;
    if (verdict.kind === 'own') this.openPage(verdict.page);
    this.leaveAsked = verdict.kind === 'ask-leave';
    this.say(verdict.kind === 'press' || verdict.kind === 'own' || verdict.kind === 'stay' ? null : { text: verdict.text, model: view.model });
    const model = view.model;
    if (keys.some((k) => model !== null && keyToAction({ ...model, layout }, k.input, k.key).type === 'redraw')) this.redraw();
    if (verdict.kind === 'press') this.host.table.press(this, keys, layout);
    if (verdict.kind === 'own') this.place();
  }

  /**
   * Keys of this guest's were dropped (too many at once): they are told, and the channel rests for `ms` (the time
   * until a key counts again) so that the next reads wait in the client's SSH window rather than cost the host.
   */
  private flooded(ms: number): void {
    if (this.closed) return;
    const model = this.host.table.current.model;
    if (this.said?.text !== FLOODED || this.said.model !== model) this.say({ text: FLOODED, model });
    if (ms <= 0 || this.resumeDue !== undefined) return;
    this.channel.pause();
    this.resumeDue = setTimeout(() => {
      this.resumeDue = undefined;
      if (!this.closed) this.channel.resume();
    }, ms);
  }

  /** A watcher's time without a key starts again; when it runs out, they are let go (a seated player never is). */
  private idle(): void {
    if (this.idleDue !== undefined) clearTimeout(this.idleDue);
    if (this.look.seat !== null) return;
    this.idleDue = setTimeout(() => {
      const minutes = Math.round(this.host.watchIdleMs / 60_000);
      const time = minutes === 60 ? 'an hour' : minutes === 1 ? 'a minute' : `${minutes} minutes`;
      this.close({ text: `You watched ${time} without a key; the table let you go to keep room for others. Watch again: ${this.comeBack()}`, status: 0 });
    }, this.host.watchIdleMs);
    this.idleDue.unref();
  }

  /** The whole screen drawn again, once for a burst of Ctrl-L (each would cost the host a whole screen). */
  private redraw(): void {
    this.redrawDue ??= setTimeout(() => {
      this.redrawDue = undefined;
      this.redrawnAt = Date.now();
      if (!this.closed) this.host.screens.redraw(this.terminal);
    }, this.redrawWait());
  }

  /** How long a whole drawing of this guest's screen waits: for the rest of a burst, and REDRAW_MS since the last. */
  private redrawWait(): number {
    return Math.max(BURST_MS, this.redrawnAt + REDRAW_MS - Date.now());
  }

  /** The hints or the chances on this guest's screen turned on or off (the host works them out while anyone wants them). */
  private toggle(toggles: readonly OwnToggle[]): void {
    const model = this.host.table.current.model;
    for (const t of toggles) {
      if (t === 'hint' && model?.settings.practice === true) this.say({ text: refusalText(model, { code: 'hints-always-on' }), model });
      else this.look = { ...this.look, [t]: !this.look[t] };
    }
    this.host.table.want(this, { hint: this.look.hint, chances: this.look.chances });
    this.place();
  }

  /** The page on this guest's own screen, now `page` (null: closed); the table knows who reads the instructions. */
  private openPage(page: OwnPage | null): void {
    this.look = { ...this.look, ownPage: page };
    this.host.table.ownPage(this, page);
  }

  private say(said: typeof this.said): void {
    if (said === null && this.said === null) return;
    this.said = said;
    this.place();
  }

  /**
   * Puts this guest's screen with those who see the same: the seat's name matters only in the lobby, and this guest's
   * own line only while the game is as it was when it was said.
   */
  private place(): void {
    if (this.closed) return;
    const view = this.host.table.current;
    const note = view.model?.refusal;
    const refused = note && note !== this.refusalAtJoin && note.to !== null && this.look.seat !== null && sameName(note.to, this.look.seat) ? note.message : null;
    const line = this.said !== null && this.said.model === view.model ? { text: this.said.text, tone: 'info' as const } : refused;
    // The guest's own review is of the game just over: it closes when the host's keys go on (the next game); their own
    // instructions close when the game ends.
    if (this.look.ownPage !== null && keptOwnPage(view.model, this.look.ownPage) === null) this.openPage(null);
    // The seat's name is drawn only before the game's own screen (in the lobby, and while the host sets the game up),
    // and on the guest's own review, which shows their seat's block.
    const seat = view.phase === 'lobby' || view.model?.screen !== 'game' || this.look.ownPage?.overlay === 'review' ? this.look.seat : null;
    // In the game, the player to move sees its keys (and shares the host's frames); everyone else a prompt of their own
    // keys. The host's setup screens before it change no look, so that the first turn's player is not regrouped then.
    const game = view.phase === 'playing' && view.model?.screen === 'game' ? view.model : null;
    const turn = game === null ? null : turnSeat(game);
    const onlooker = game !== null && !(turn !== null && this.look.seat !== null && sameName(turn, this.look.seat));
    // The host's own pages, or the guest to move reading their own instructions: the game under a line that says so.
    const othersPage = onlooker && game !== null && (hostPage(game) || this.host.table.moverReading(game));
    const othersHint = onlooker && turn !== null && game !== null && hintsOn({ ...game, hint: this.look.hint });
    const leaving = this.leaveAsked && this.said !== null && this.said.model === view.model;
    const look = { ...this.look, seat, line, leaving, onlooker, othersPage, othersHint, columns: this.terminal.columns, rows: this.terminal.rows };
    // A new look costs the host a screen of its own drawn whole: a guest changes look at most once per
    // REGROUP_MS, the last look of a burst (toggles, lines said and gone) drawn when it ends.
    const key = JSON.stringify(look);
    if (key !== this.lookKey && this.placeDue !== undefined) return;
    const wait = this.placedAt + REGROUP_MS - Date.now();
    if (key !== this.lookKey && this.lookKey !== null && wait > 0) {
      this.placeDue = setTimeout(() => {
        this.placeDue = undefined;
        this.place();
      }, wait);
      return;
    }
    if (key !== this.lookKey) this.placedAt = Date.now();
    this.lookKey = key;
    this.host.screens.place(this.terminal, look);
  }

  /**
   * The client's connection is gone (its socket closed): the guest leaves the table now. Their channel says so only
   * once every key it holds is read, and one paused after a flood is read slowly: its keys would go on playing.
   */
  gone(): void {
    this.close(null);
  }

  /** Ends the screen (once): back to the client's normal screen, the farewell line if any, the session closed. */
  private close(farewell: Farewell | null): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.sizeDue !== undefined) clearTimeout(this.sizeDue);
    if (this.redrawDue !== undefined) clearTimeout(this.redrawDue);
    if (this.idleDue !== undefined) clearTimeout(this.idleDue);
    if (this.resumeDue !== undefined) clearTimeout(this.resumeDue);
    if (this.placeDue !== undefined) clearTimeout(this.placeDue);
    this.host.guests.delete(this);
    this.stopWatching();
    this.host.screens.remove(this.terminal);
    this.host.table.leave(this);
    if (farewell !== null && !this.channel.destroyed) {
      // Wrapped at words to their terminal's width, as a local game's farewell is (a command cut inside is no use).
      this.channel.write(`${ALT_SCREEN_OFF}${forTerminal(printable(farewell.text), this.terminal.columns, '\r\n')}\r\n`);
      this.channel.exit(farewell.status);
      this.channel.end();
    }
  }
}
