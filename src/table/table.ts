import { checkName, MAX_PLAYERS, printable, readsAsComputer, sameName, turnNumber } from '../engine/index.js';
import { hintsOn, keyToAction, type AppAction, type AppModel, type Message } from '../app/index.js';
import { keyLabel } from '../app/labels.js';
import { sameAway } from '../app/update/seatToComputer.js';
import type { DecodedKey } from '../input/index.js';
import type { StrategyTable } from '../solver/index.js';
import type { KeySender, TableLink, TableWants } from '../ui/App.js';
import { takeBackOwner } from '../app/update/takeBack.js';
import { mayAct, takeBackRefused, turnSeat } from './mayAct.js';
import { keptOwnPage, ownPageModel, pageKeys, type OwnPage } from './ownPage.js';

/** Someone at the table: the host's own terminal, or a connection over SSH. */
export interface Guest {
  /** The name the guest joined with (the SSH user name). */
  readonly name: string;
}

/** A person's seat: its name, and who sits there now (null: nobody, the connection dropped; the seat waits). */
export interface Seat {
  readonly name: string;
  readonly host: boolean;
  guest: Guest | null;
  /** When the seat's player dropped (while they are away). */
  droppedAt?: Date;
}

/** What joining gave: a seat (`back`: the seat's own player coming back), a place to watch from, or a refusal. */
export type Joined =
  | { readonly kind: 'seat'; readonly seat: Seat; readonly back: boolean }
  | { readonly kind: 'watch' }
  | { readonly kind: 'refused'; readonly message: string };

/** What every screen at the table draws from: the lobby's seats, then the game as the host's engine has it. */
export interface TableView {
  readonly phase: 'lobby' | 'playing' | 'closed';
  readonly seats: readonly { readonly name: string; readonly host: boolean; readonly present: boolean }[];
  /** People seats to fill before the game starts by itself (null: when the host says). */
  readonly wanted: number | null;
  /** The people of the saved game the table resumes (host --resume), whose seats only they take; null: a new game. */
  readonly resumed: readonly string[] | null;
  readonly watchers: number;
  /** The computer seats the game will have after the people's (--computer). */
  readonly computers: number;
  /** The game as the host's controller last drew it (null in the lobby). */
  readonly model: AppModel | null;
  /** The host's strategy table for it, once it has one (for the hints on every screen). */
  readonly strategy: StrategyTable | undefined;
}

/** The most watchers a table takes: the connections left are for its players (coming back after a drop). */
export const MAX_WATCHERS = 16;

/** How often the line that the game waits for a dropped player is said again, for anyone who missed it. */
const WAIT_LINE_MS = 30_000;

/** A text from a client (a user name, a command) as a message echoes it: at most 40 characters, printable. */
export function echoed(text: string): string {
  return printable(text.length > 40 ? `${text.slice(0, 40)}...` : text);
}

/**
 * The game on the screen of an onlooker while the host reads the instructions or the review: the game, under a line
 * that says so, rather than pages whose keys are not theirs.
 */
export function othersReading(model: AppModel): AppModel {
  const text = `${turnSeat(model) ?? 'The host'} is reading the ${model.overlay === 'review' ? 'review' : 'instructions'}`;
  return { ...model, overlay: null, overlayPage: 0, message: { text, tone: 'info' } };
}

/**
 * One table: the seats of the people who joined (the host's first, unless it only serves), the watchers, and the
 * game as the host's one engine has it. The host's App is the only controller: it reads keys from every seat through
 * `link`, each gated by mayAct, and hands each new model back through `show`, which every guest's screen draws.
 */
export class Table {
  readonly seats: Seat[] = [];
  private phase: TableView['phase'] = 'lobby';
  private model: AppModel | null = null;
  private strategy: StrategyTable | undefined;
  private readonly watching = new Set<Guest>();
  private readonly listeners = new Set<() => void>();
  private sink: ((keys: readonly DecodedKey[], sender: KeySender) => void) | null = null;
  private tell: ((action: AppAction) => void) | null = null;
  /** The turn the message line last said it waits for (so that it is said once a turn). */
  private waitSaid: string | null = null;
  /** Says again, while the game waits for a dropped player, how long they have been gone. */
  private waitTimer: NodeJS.Timeout | null = null;
  private view: TableView;
  /** The stream the host's own screen is drawn on, once the game is on it. */
  hostScreen: NodeJS.WriteStream | null = null;
  /** What each guest's screen wants worked out (their own hints and chances settings). */
  private readonly wanting = new Map<Guest, TableWants>();
  /** The guests reading their own instructions now (GuestLook.ownPage): the others are told while the mover does. */
  private readonly readingHelp = new Set<Guest>();
  /** The instructions the host opened on a guest's turn, on the host's screen alone (null: none). */
  private hostOwn: OwnPage | null = null;
  private wants: TableWants = { hint: false, chances: false };
  /** Called when the lobby has its people (the game starts by itself). */
  onFull: () => void = () => undefined;
  /**
   * Called when the host's game has quit, before its process may end (at once, while the strategy table is still
   * being computed): the guests are told then.
   */
  onDone: () => void = () => undefined;

  /**
   * `people`: the seats for people to fill before the game starts by itself (the host's included), null to start when
   * the host says; `hostName`: the host's own seat, null when the host only serves (--no-seat); `resumed`: the people
   * of the saved game the table resumes (the seats are theirs: anyone else watches, and the table is full when they
   * are all there).
   */
  constructor(
    private readonly people: number | null,
    readonly hostName: string | null,
    /** The most people seats (four less the computer seats). */
    private readonly room: number = MAX_PLAYERS,
    private readonly resumed: readonly string[] | null = null,
  ) {
    if (hostName !== null) this.seats.push({ name: hostName, host: true, guest: null });
    this.view = this.snapshot();
  }

  /** The table as the screens draw it now (the same object until something changes). */
  get current(): TableView {
    return this.view;
  }

  /** True when the lobby has the people it waits for (--players). */
  get full(): boolean {
    if (this.resumed !== null) return this.resumed.every((name) => this.seats.some((s) => sameName(s.name, name)));
    return this.people !== null && this.seats.length >= this.people;
  }

  /** Calls `listener` whenever the table changes; returns the way to stop. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A guest joins under their name: the seat of that name if it waits for them (back after a drop), a new seat while
   * the lobby has room, else a place to watch. A name the names rule refuses, or one seated and connected, is refused.
   */
  join(guest: Guest): Joined {
    const problem = checkName(guest.name);
    if (problem !== null) return { kind: 'refused', message: `the name "${echoed(guest.name)}" (your SSH user name) cannot be a player's name: ${problem}; join as another name (ssh NAME@host)` };
    const seat = this.seats.find((s) => sameName(s.name, guest.name));
    if (seat !== undefined) {
      if (seat.host || seat.guest !== null) return { kind: 'refused', message: `the name "${seat.name}" is already seated at this table; join as another name (ssh NAME@host)` };
      seat.guest = guest;
      delete seat.droppedAt;
      this.changed();
      this.wait();
      this.notice(this.backWords(seat.name));
      return { kind: 'seat', seat, back: true };
    }
    // A player of the game in play without a seat yet (a resumed game, --resume): their seat is theirs.
    const player = this.phase === 'playing' ? this.model?.game?.players.find((p) => p.kind === 'human' && sameName(p.name, guest.name)) : undefined;
    if (player !== undefined) {
      const added: Seat = { name: player.name, host: false, guest };
      this.seats.push(added);
      this.changed();
      this.wait();
      this.notice(this.backWords(player.name));
      return { kind: 'seat', seat: added, back: true };
    }
    // A resumed game's seats are its people's: a guest of another name watches.
    const saved = this.resumed?.find((name) => sameName(name, guest.name));
    // Every name at a table is a person's: a new one that reads as the computer's would pass a person off as it.
    if (saved === undefined && readsAsComputer(guest.name)) return { kind: 'refused', message: `the name "${echoed(guest.name)}" reads as a computer player's; join as another name (ssh NAME@host)` };
    const room = this.resumed !== null ? saved !== undefined : this.seats.length < Math.min(this.people ?? this.room, this.room);
    if (this.phase === 'lobby' && room) {
      const added: Seat = { name: saved ?? guest.name, host: false, guest };
      this.seats.push(added);
      this.changed();
      if (this.full) this.onFull();
      return { kind: 'seat', seat: added, back: false };
    }
    if (this.watching.size >= MAX_WATCHERS) return { kind: 'refused', message: `the table has ${MAX_WATCHERS} watchers already, the most it takes; try again later` };
    this.watching.add(guest);
    this.changed();
    // The lobby lists its watchers; a game under way says who came to watch it.
    if (this.phase === 'playing') this.notice(`${guest.name} is watching`);
    return { kind: 'watch' };
  }

  /** What `guest`'s screen wants worked out now: the host's game works out the hints and chances while anyone wants them. */
  want(guest: Guest, wants: TableWants): void {
    if (wants.hint || wants.chances) this.wanting.set(guest, wants);
    else this.wanting.delete(guest);
    const all = [...this.wanting.values()];
    const next = { hint: all.some((w) => w.hint), chances: all.some((w) => w.chances) };
    if (next.hint === this.wants.hint && next.chances === this.wants.chances) return;
    this.wants = next;
    this.changed();
  }

  /** A guest opened or closed a page of their own (GuestLook.ownPage). */
  ownPage(guest: Guest, page: OwnPage | null): void {
    const reading = page?.overlay === 'help';
    if (reading === this.readingHelp.has(guest)) return;
    if (reading) this.readingHelp.add(guest);
    else this.readingHelp.delete(guest);
    this.changed();
  }

  /**
   * The host's keys on a guest's turn that open or turn the host's own instructions, on the host's screen alone (the
   * game's keys are the guest's then): used up here. The rest go on to the game; so does every key once it is not a
   * guest's turn (the page closes), and Ctrl-C always.
   */
  hostKeys(keys: readonly DecodedKey[], model: AppModel): readonly DecodedKey[] {
    const open = this.hostOwnPage(model);
    if (open === null && this.hostOwn !== null) this.setHostPage(null);
    if (!this.hostLooksOn(model) || model.screen !== 'game' || model.overlay !== null) return keys;
    if (keys.some((k) => keyToAction(model, k.input, k.key).type === 'quit-now')) return keys;
    const own = pageKeys(keys, open === null ? model : ownPageModel(model, this.hostName, open), open);
    if (own?.kind !== 'own') return keys;
    this.setHostPage(own.page);
    return [];
  }

  /** The host's own instructions while the game allows them (a guest's turn, nothing over the game), else null. */
  hostOwnPage(model: AppModel): OwnPage | null {
    return this.hostLooksOn(model) && model.screen === 'game' && model.overlay === null ? keptOwnPage(model, this.hostOwn) : null;
  }

  private setHostPage(page: OwnPage | null): void {
    this.hostOwn = page;
    this.changed();
  }

  /** Whether the player to move is a guest reading their own instructions: the game waits for them meanwhile. */
  moverReading(model: AppModel): boolean {
    const seat = turnSeat(model);
    return seat !== null && this.seats.some((s) => s.guest !== null && this.readingHelp.has(s.guest) && sameName(s.name, seat));
  }

  /** A guest's connection ended: in the lobby their seat goes; in a game it waits for them (the same name and code). */
  leave(guest: Guest): void {
    this.watching.delete(guest);
    this.readingHelp.delete(guest);
    this.want(guest, { hint: false, chances: false });
    const i = this.seats.findIndex((s) => s.guest === guest);
    if (i >= 0) {
      if (this.phase === 'lobby') this.seats.splice(i, 1);
      else {
        this.seats[i].guest = null;
        this.seats[i].droppedAt = new Date();
      }
    }
    this.changed();
    if (i >= 0 && this.phase === 'playing') this.wait();
  }

  /** The game begins: the names of the people's seats, in the order they sit (the host's first). */
  start(): string[] {
    this.phase = 'playing';
    this.changed();
    return this.seats.map((s) => s.name);
  }

  /** The table is over (the host left): every screen says so. */
  close(): void {
    this.phase = 'closed';
    this.stopWaitLine();
    this.changed();
  }

  /** Whether the game's keys are a guest's now, not the host's (a guest's seat's turn): the host then has its own line. */
  hostLooksOn(model: AppModel): boolean {
    const seat = turnSeat(model);
    return seat !== null && !(this.hostName !== null && sameName(seat, this.hostName));
  }

  /**
   * How the host's screen differs from the screen of the player to move while the game's keys are a guest's
   * (GuestLook's fields of the same names): that guest's instructions are not on it but a line that says they read
   * them, its hint panel names them.
   */
  hostOthers(model: AppModel): { readonly othersPage: boolean; readonly othersHint: boolean } {
    const looksOn = model.screen === 'game' && this.hostLooksOn(model);
    return { othersPage: looksOn && (model.overlay === 'help' || this.moverReading(model)), othersHint: looksOn && hintsOn(model) };
  }

  /** What the game refused the host's last key with, for the host's message line alone (AppModel.refusal). */
  hostRefusal(model: AppModel): Message | null {
    return model.refusal != null && model.refusal.to === null ? model.refusal.message : null;
  }

  /**
   * The game as the host's own screen draws it (its own instructions, hostOthers, hostRefusal). Where it is the
   * mover's screen otherwise, it is drawn as it is, with the game's prompt line: its frames are then shown to the mover
   * too, and the host's own line is drawn over it on the host's terminal alone (hostLine).
   */
  hostView(game: AppModel): AppModel {
    const own = this.hostOwnPage(game);
    if (own !== null) return ownPageModel(game, this.hostName, own);
    const refused = this.hostRefusal(game);
    const model = refused === null ? game : { ...game, message: refused };
    const { othersPage, othersHint } = this.hostOthers(model);
    if (!othersPage && !othersHint) return model;
    const shown = othersPage ? othersReading(model) : model;
    // Not under the host's quit question: its prompt line is the question's keys.
    return shown.overlay === null ? { ...shown, onlooker: 'host' } : shown;
  }

  /** A guest's keys: to the host's game, gated by mayAct, when the guest has a seat; a watcher's do nothing. */
  press(guest: Guest, keys: readonly DecodedKey[], layout: KeySender['layout']): void {
    const seat = this.seats.find((s) => s.guest === guest);
    if (seat === undefined || this.sink === null) return;
    this.sink(keys, { layout, refusedTo: seat.name, allows: (model, action) => mayAct(model, { seat: seat.name, host: false }, action) });
  }

  /** What the host's App is given: the host terminal's gate, the guests' keys, and where each model goes. */
  link(): TableLink {
    const host = { seat: this.hostName, host: true };
    return {
      host: {
        allows: (model, action) => mayAct(model, host, action),
        refusedTo: null,
        // The host's keys on a guest's turn would do nothing without a word (a guest's are told whose turn it is); while
        // the game waits for that guest, the word is the waiting line, so the key that goes on stays in view.
        explain: (model, action) => {
          const owner = action.type === 'undo' ? takeBackOwner(model) : null;
          if (owner !== null) return takeBackRefused(owner);
          const seat = turnSeat(model);
          const own = seat !== null && this.hostName !== null && sameName(seat, this.hostName);
          if (seat === null || own) return null;
          return this.waiting(model) ?? `It is ${seat}'s turn: ${seat} plays it from their own terminal`;
        },
        // On a guest's turn the host's tips and chances are its screen's alone: so is what the game says of them.
        aside: (model, action) => (action.type === 'hint' || action.type === 'chances') && this.hostLooksOn(model),
      },
      screen: (model) => this.hostView(model),
      screenState: {
        subscribe: (listener) => this.subscribe(listener),
        current: () => (this.model === null ? '' : `${this.moverReading(this.model)} ${this.hostOwnPage(this.model)?.page ?? '-'}`),
      },
      keys: (keys, model) => this.hostKeys(keys, model),
      wants: { subscribe: (listener) => this.subscribe(listener), current: () => this.wants },
      listen: (onKeys, onAction) => {
        this.sink = onKeys;
        this.tell = onAction;
        return () => {
          if (this.sink === onKeys) this.sink = null;
          if (this.tell === onAction) this.tell = null;
        };
      },
      show: (model, strategy, screen) => {
        this.model = model;
        this.strategy = strategy;
        this.hostScreen = screen ?? null;
        this.changed();
        this.wait();
        if (model.screen === 'done') this.onDone();
      },
      end: () => this.onDone(),
    };
  }

  /**
   * The people's seats of the game whose players are away: dropped, or (a resumed game) not back yet; never the
   * host's.
   */
  private awayNames(model: AppModel): string[] {
    const game = model.game;
    if (game === null) return [];
    const here = (name: string) =>
      (this.hostName !== null && sameName(name, this.hostName)) || this.seats.some((s) => s.guest !== null && sameName(s.name, name));
    return game.players.flatMap((p) => (p.kind === 'human' && !here(p.name) ? [p.name] : []));
  }

  /**
   * After any change: tells the host's game who is away (the host may give their seats to the computer), and when it
   * is the turn of one of them, the message line says whom the game waits for and how long (once a turn, and again
   * when they drop during it), and again every WAIT_LINE_MS while it waits for a dropped player.
   */
  private wait(): void {
    const model = this.model;
    if (model === null || this.phase !== 'playing') return this.stopWaitLine();
    const away = this.awayNames(model);
    if (!sameAway(model, away)) this.tell?.({ type: 'away', names: away });
    const name = turnSeat(model);
    const game = model.game;
    if (name === null || game === null || !away.some((n) => sameName(n, name))) return this.stopWaitLine();
    const seat = this.seats.find((s) => sameName(s.name, name));
    const turn = `${game.results.length}:${game.current}:${turnNumber(game)}:${seat?.droppedAt?.getTime() ?? 'not joined'}`;
    if (this.waitSaid === turn) return;
    this.stopWaitLine();
    this.waitSaid = turn;
    this.sayWaiting();
    if (seat?.droppedAt === undefined) return;
    this.waitTimer = setInterval(() => this.sayWaiting(), WAIT_LINE_MS);
    // The line is news for the screens; it never keeps the host's process alive.
    this.waitTimer.unref();
  }

  /**
   * The waiting line while the turn of `model` is an away player's, with how long they have been gone and the host's
   * key that gives the seat to the computer (in the layout of `model`); null when the game waits for nobody.
   */
  waiting(model: AppModel): string | null {
    const name = turnSeat(model);
    if (name === null || this.phase !== 'playing' || !this.awayNames(model).some((n) => sameName(n, name))) return null;
    const dropped = this.seats.find((s) => sameName(s.name, name))?.droppedAt;
    // The time they went, not for how long: the line stays on the screen between its sayings, and stays true.
    const who = dropped !== undefined ? `Waiting for ${name} (gone since ${dropped.toTimeString().slice(0, 5)})` : `Waiting for ${name} to join`;
    return `${who}: the host's ${keyLabel(model, 'seat-to-computer')} seats the computer`;
  }

  /** Says the waiting line on the message line every screen shows. */
  private sayWaiting(): void {
    const text = this.model === null ? null : this.waiting(this.model);
    if (text !== null) this.notice(text);
  }

  /** The game no longer waits (or waits for another turn): the line is said again when it waits next. */
  private stopWaitLine(): void {
    if (this.waitTimer !== null) clearInterval(this.waitTimer);
    this.waitTimer = null;
    this.waitSaid = null;
  }

  /** A player back at their seat: if the computer was given it meanwhile, they watch it played. */
  private backWords(name: string): string {
    return this.playedByComputer(name) ? `${name} is back at the table, and watches: the computer plays ${name}'s seat now` : `${name} is back at the table`;
  }

  /** What a player back at their seat reads on their own screen (the others read backWords). */
  welcomeBack(name: string): string {
    return this.playedByComputer(name) ? `Welcome back, ${name}: the computer plays your seat now, and you watch` : `Welcome back, ${name}: your seat is as you left it`;
  }

  private playedByComputer(name: string): boolean {
    return this.model?.game?.players.find((p) => sameName(p.name, name))?.kind === 'computer';
  }

  private notice(text: string): void {
    this.tell?.({ type: 'notice', text, tone: 'info' });
  }

  private snapshot(): TableView {
    return {
      phase: this.phase,
      seats: this.seats.map((s) => ({ name: s.name, host: s.host, present: s.host || s.guest !== null })),
      wanted: this.resumed?.length ?? this.people,
      resumed: this.resumed,
      watchers: this.watching.size,
      computers: MAX_PLAYERS - this.room,
      model: this.model,
      strategy: this.strategy,
    };
  }

  private changed(): void {
    this.view = this.snapshot();
    for (const listener of [...this.listeners]) listener();
  }
}
