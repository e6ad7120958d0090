/**
 * Drives the whole app as the Ink App does: raw terminal keys go through Ink's parser and the layout table to the
 * controller and the engine; resizes, the computer's moves, notices and the strategy table's progress go to
 * update() as the App sends them. After every event the invariants are checked, and the frame is drawn and
 * measured (after every event, or a sample).
 */
import fc from 'fast-check';
import type { LayoutId } from '../../src/input/index.js';
import type { PlayOptions } from '../../src/app/options.js';
import { bindingsFor, ANY_KEY, PRINTABLE, getLayout, layoutRules } from '../../src/app/keymaps/index.js';
import { computerChoice, computerToMove, gameGeometry, gameMinimum, initialModel, keyToAction, modeOf, chancesKey, openBoxes, pressKey, shapeOf, update, type AppAction, type AppModel, type ChancesStatus, type TermSize } from '../../src/app/index.js';
import { legalBoxes, RULE_SET_IDS, rulesOf, type Action, type GameState, type MatchKind, type RuleSetId, type Strength } from '../../src/engine/index.js';
import { checkFrame } from './frame.js';
import { checkModel, checkStep, Violation, type Step } from './invariants.js';
import { createKeyDecoder } from '../../src/input/index.js';
import { rawFor } from '../support/keys.js';
import { bigPaste, printableChar, rawKey, splitReads, type RawKey } from './terminal.js';

/** A terminal size: fixed, or relative to the game's minimum or to where the dice go under the chart. */
export type SizeSpec =
  | { readonly kind: 'abs'; readonly columns: number; readonly rows: number }
  | { readonly kind: 'min'; readonly dc: number; readonly dr: number }
  | { readonly kind: 'below'; readonly dc: number; readonly dr: number };

/** How a stream starts: the play flags, the seed and the terminal. */
export interface Scenario {
  readonly layout: LayoutId;
  readonly rules: RuleSetId;
  readonly players?: number;
  readonly names?: readonly string[];
  readonly match?: MatchKind;
  readonly computers: number;
  readonly strength: Strength;
  /** The App plays the computer seats (a computer-move provider); otherwise they are played by keys. */
  readonly computerPlays: boolean;
  readonly practice: boolean;
  /**
   * --take-back: a person's box can be taken back until the next move. Absent: on for odd seeds, so that the
   * scenarios drawn for a fuzz seed stay the ones drawn before the take-back came.
   */
  readonly takeBack?: boolean;
  readonly color: boolean;
  readonly seed: number;
  readonly size: SizeSpec;
}

/**
 * One step of a stream, read against the model when it comes:
 * `advance` plays on (answers the setup, rolls or stops, scores a box, goes to the next game: one or a few keys),
 * `bound` presses a key the layout binds in the current mode, `raw` any key at all (raw sequences included), `paste`
 * several keys in one chunk (or 10 KB of them), `reads` keys cut into several reads at random places, `resize` changes the terminal, `computer` is the App's next computer step (or a stray one),
 * `outside` a notice, the strategy table's progress or the chances to win.
 */
export type Intent =
  | { readonly k: 'advance'; readonly n: number }
  | { readonly k: 'bound'; readonly n: number; readonly ch: string }
  | { readonly k: 'raw'; readonly key: RawKey }
  | { readonly k: 'paste'; readonly text: string }
  | { readonly k: 'reads'; readonly chunks: readonly string[] }
  | { readonly k: 'resize'; readonly size: SizeSpec }
  | { readonly k: 'computer'; readonly n: number }
  | { readonly k: 'outside'; readonly n: number; readonly text: string };

const PLAIN = { noNullPrototype: true } as const;

const COMMON_SIZES: readonly TermSize[] = [
  { columns: 80, rows: 24 },
  { columns: 80, rows: 25 },
  { columns: 100, rows: 30 },
  { columns: 120, rows: 40 },
  { columns: 132, rows: 43 },
  { columns: 60, rows: 20 },
  { columns: 44, rows: 12 },
  { columns: 78, rows: 22 },
  { columns: 200, rows: 60 },
];

const abs = (columns: number, rows: number): SizeSpec => ({ kind: 'abs', columns, rows });

/** Terminal sizes: common ones, around the game's minimum and the switch of the dice under the chart, any, tiny. */
export const sizeSpec: fc.Arbitrary<SizeSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMON_SIZES).map((s) => abs(s.columns, s.rows)) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('min' as const), dc: fc.integer({ min: -3, max: 4 }), dr: fc.integer({ min: -3, max: 4 }) }, PLAIN) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('below' as const), dc: fc.integer({ min: -2, max: 8 }), dr: fc.integer({ min: -2, max: 3 }) }, PLAIN) },
  { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 20, max: 220 }), fc.integer({ min: 6, max: 70 })).map(([c, r]) => abs(c, r)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 12 })).map(([c, r]) => abs(c, r)) },
);

/** Names as --names takes them (1-10 characters): plain, long, accented, wide, emoji, combining, the computer's. */
export const NAMES = ['ANN', 'BOB', 'CAROLINE', 'Zé', '李小龙', 'ＡＢＣＤＥ', '🎲🎲🎲', 'ABCDEFGHIJ', 'e\u0301va', 'Дмитрий', '김민준', 'WWWWWWWWWW', 'SPECTRUM', 'cpu'];

const matchArb: fc.Arbitrary<MatchKind | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant({ kind: 'single' as const }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }).map((games): MatchKind => ({ kind: 'games', games })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }).map((games): MatchKind => ({ kind: 'games', games })) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 400 }).map((target): MatchKind => ({ kind: 'target', target })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 99999 }).map((target): MatchKind => ({ kind: 'target', target })) },
);

/** A starting point for one layout: any rule set, 1-4 players (or asked at setup), any match, size and seed. */
export function scenarioArb(layout: LayoutId): fc.Arbitrary<Scenario> {
  return fc
    .record(
      {
        rules: fc.constantFrom(...RULE_SET_IDS),
        players: fc.option(fc.oneof({ weight: 2, arbitrary: fc.constant(1) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) }), { nil: undefined, freq: 4 }),
        named: fc.boolean(),
        names: fc.shuffledSubarray(NAMES, { minLength: 4, maxLength: 4 }),
        match: matchArb,
        computers: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }) }),
        strength: fc.constantFrom<Strength>('optimal', 'strong', 'casual'),
        computerPlays: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        practice: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
        color: fc.boolean(),
        seed: fc.nat(),
        size: sizeSpec,
      },
      PLAIN,
    )
    .map(({ players, named, names, computers, ...rest }) => ({
      ...rest,
      layout,
      ...(players !== undefined ? { players } : {}),
      ...(players !== undefined && named ? { names: names.slice(0, players) } : {}),
      computers: players === undefined ? Math.min(computers, 1) : Math.min(computers, players),
    }));
}

const outsideText = fc.oneof(
  fc.constantFrom('Saving failed: EACCES: permission denied, open /home/ann/.local/state/yahtzee/game.json', 'A new high score: 312 (the best of the official rules)'),
  fc.array(printableChar, { minLength: 0, maxLength: 120 }).map((cs) => cs.join('')),
);

/** One step of a stream, weighted towards keys that play the game on. */
export const intentArb: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 20, arbitrary: fc.nat().map((n): Intent => ({ k: 'advance', n })) },
  { weight: 4, arbitrary: fc.tuple(fc.nat(), printableChar).map(([n, ch]): Intent => ({ k: 'bound', n, ch })) },
  { weight: 3, arbitrary: rawKey.map((key): Intent => ({ k: 'raw', key })) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.oneof({ weight: 5, arbitrary: printableChar }, { weight: 1, arbitrary: fc.constantFrom('\r', '\u007F', '\t') }), { minLength: 2, maxLength: 6 })
      .map((cs): Intent => ({ k: 'paste', text: cs.join('') })),
  },
  { weight: 1, arbitrary: splitReads.map((chunks): Intent => ({ k: 'reads', chunks })) },
  { weight: 1, arbitrary: sizeSpec.map((size): Intent => ({ k: 'resize', size })) },
  { weight: 2, arbitrary: fc.nat().map((n): Intent => ({ k: 'computer', n })) },
  { weight: 1, arbitrary: fc.tuple(fc.nat(), outsideText).map(([n, text]): Intent => ({ k: 'outside', n, text })) },
);

/** Steps for the raw-input plan: playing on, raw keys and sequences, reads cut anywhere, and 10 KB pastes. */
export const rawIntentArb: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((n): Intent => ({ k: 'advance', n })) },
  { weight: 6, arbitrary: rawKey.map((key): Intent => ({ k: 'raw', key })) },
  { weight: 3, arbitrary: splitReads.map((chunks): Intent => ({ k: 'reads', chunks })) },
  { weight: 1, arbitrary: bigPaste.map((text): Intent => ({ k: 'paste', text })) },
);

/** Sizes just around where the dice go under the chart (the tightest fit for the results after a game). */
const belowSpec: fc.Arbitrary<SizeSpec> = fc.record({ kind: fc.constant('below' as const), dc: fc.integer({ min: -1, max: 6 }), dr: fc.integer({ min: -1, max: 2 }) }, PLAIN);

/** A scenario for playing games to the end: 2-4 players (most often 4), matches, sizes around where the dice go under the chart. */
export function endingScenarioArb(layout: LayoutId): fc.Arbitrary<Scenario> {
  return fc
    .tuple(
      scenarioArb(layout),
      fc.oneof({ weight: 1, arbitrary: fc.constant(2) }, { weight: 2, arbitrary: fc.constant(3) }, { weight: 3, arbitrary: fc.constant(4) }),
      fc.boolean(),
      fc.shuffledSubarray(NAMES, { minLength: 4, maxLength: 4 }),
      belowSpec,
      fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 1, max: 300 }).map((target): MatchKind => ({ kind: 'target', target })) },
        { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }).map((games): MatchKind => ({ kind: 'games', games })) },
        { weight: 1, arbitrary: fc.constant<MatchKind | undefined>(undefined) },
      ),
    )
    .map(([s, players, named, names, size, match]): Scenario => {
      const { names: _unnamed, match: _any, ...rest } = s;
      return { ...rest, players, ...(named ? { names: names.slice(0, players) } : {}), ...(match ? { match } : {}), computers: Math.min(s.computers, players), size };
    });
}

/** Steps that play on almost only, with a resize, a stray key or the computer's step now and then. */
export const endingIntentArb: fc.Arbitrary<Intent> = fc.oneof(
  { weight: 40, arbitrary: fc.nat().map((n): Intent => ({ k: 'advance', n })) },
  { weight: 1, arbitrary: fc.oneof({ weight: 3, arbitrary: belowSpec }, { weight: 1, arbitrary: sizeSpec }).map((size): Intent => ({ k: 'resize', size })) },
  { weight: 1, arbitrary: rawKey.map((key): Intent => ({ k: 'raw', key })) },
  { weight: 1, arbitrary: fc.nat().map((n): Intent => ({ k: 'computer', n })) },
);

/** The play flags for a scenario, as the CLI would hand them over (no animation: the dice as they lie). */
export function playOptionsFor(s: Scenario): PlayOptions {
  return {
    layout: s.layout,
    rules: s.rules,
    ...(s.players !== undefined ? { players: s.players } : {}),
    ...(s.names ? { names: [...s.names] } : {}),
    ...(s.match ? { match: s.match } : {}),
    computers: s.computers,
    strength: s.strength,
    animation: false,
    color: s.color,
    practice: s.practice,
    takeBack: takeBackOf(s),
    resume: false,
    fresh: false,
  };
}

function shapeFor(model: AppModel, s: Scenario) {
  if (model.game !== null) return shapeOf(model);
  return { rules: s.rules, layout: s.layout, players: s.players ?? 4, hasComputer: s.computers > 0 };
}

/** The size a spec stands for, given the model (its table decides the minimum and where the dice go under). */
export function resolveSize(spec: SizeSpec, model: AppModel, s: Scenario): TermSize {
  if (spec.kind === 'abs') return { columns: spec.columns, rows: spec.rows };
  const shape = shapeFor(model, s);
  const min = gameMinimum(shape);
  if (spec.kind === 'min') return { columns: Math.max(1, min.columns + spec.dc), rows: Math.max(1, min.rows + spec.dr) };
  const columns = Math.max(min.columns, model.size.columns) + spec.dc;
  let rows = min.rows;
  while (rows < 200 && gameGeometry(shape, { columns, rows }).dice !== 'below') rows++;
  return { columns: Math.max(1, columns), rows: Math.max(1, rows + spec.dr) };
}

/**
 * Which frames are drawn: after every event; or a sample: every `every`-th event, the first arrival at each screen
 * other than the turn itself (per size with '+size'; only the results after a game with 'results'), the first frame
 * when `first`, and the last unless `last` is false; or none (for timing the rest).
 */
export type RenderPolicy =
  | { readonly kind: 'every' }
  | { readonly kind: 'sample'; readonly every: number; readonly arrivals: 'mode' | 'mode+size' | 'results' | 'results+size' | 'none'; readonly first: boolean; readonly last?: boolean }
  | { readonly kind: 'none' };

/** What a stream reached, for the coverage summary. */
export interface StreamStats {
  events: number;
  keys: number;
  /** Frames checked, and of those drawn (the rest were drawn before for the same model). */
  frames: number;
  renders: number;
  gamesEnded: number;
  matchesEnded: number;
  sessions: number;
  scored: number;
  undone: number;
  computerSteps: number;
  /** Raw sequences sent (intents of the `seq` kind), reads cut into pieces, and characters pasted in 10 KB pastes. */
  sequences: number;
  splitReads: number;
  bigPasteChars: number;
  /** Events by the mode they came in. */
  byMode: Record<string, number>;
}

export function emptyStats(): StreamStats {
  return { events: 0, keys: 0, frames: 0, renders: 0, gamesEnded: 0, matchesEnded: 0, sessions: 1, scored: 0, undone: 0, computerSteps: 0, sequences: 0, splitReads: 0, bigPasteChars: 0, byMode: {} };
}

const filled = (g: GameState | null) => (g === null ? 0 : g.cards.reduce((n, c) => n + Object.keys(c.boxes).length, 0));
/** Whether the scenario plays with --take-back (see Scenario.takeBack). */
const takeBackOf = (s: Scenario): boolean => s.takeBack ?? s.seed % 2 === 1;

/** A game state without its dice generator: what practice undo gives back (the generator goes on). */
const withoutRng = (g: GameState) => JSON.stringify({ ...g, rng: null });

/** Plays a stream; throws a Violation naming the scenario, the events so far (raw keys and App events) and the frame. */
export function runStream(s: Scenario, intents: readonly Intent[], policy: RenderPolicy, stats: StreamStats = emptyStats()): StreamStats {
  const layout = getLayout(s.layout);
  const options = playOptionsFor(s);
  const log: string[] = [];
  const start = (seed: number, size: TermSize) => initialModel(options, { seed, size, computerPlays: s.computerPlays });
  const initialSize = resolveSize(s.size, start(s.seed, { columns: 80, rows: 24 }), s);
  let model = start(s.seed, initialSize);
  /** Game states seen in the stream (practice undo and the take-back must go back to one of them). */
  const history = new Set<string>();
  const remember = () => {
    if ((s.practice || takeBackOf(s)) && model.game) history.add(withoutRng(model.game));
  };
  remember();

  const report = (e: unknown, frame?: string): never => {
    const text = e instanceof Error ? e.message : String(e);
    const g = model.game;
    const where = {
      screen: model.screen,
      overlay: model.overlay,
      mode: modeOf(model),
      size: model.size,
      setup: model.setup,
      message: model.message,
      ...(g ? { phase: g.phase, current: g.current, rollsUsed: g.rollsUsed, dice: g.dice.join(''), held: g.held, filled: filled(g), results: g.results.length } : {}),
    };
    throw new Violation(
      `${text}\n  scenario: ${JSON.stringify(s)} (initial size ${initialSize.columns}x${initialSize.rows})` +
        `\n  events (${log.length}): ${log.join(' ')}\n  now: ${JSON.stringify(where)}` +
        (frame !== undefined ? `\n  frame:\n${frame}` : ''),
    );
  };

  const seen = new Set<string>();
  const render = (force: boolean) => {
    const mode = modeOf(model);
    if (policy.kind === 'none') return;
    if (policy.kind === 'sample') {
      if (stats.events === 0 && !policy.first) return;
      // A screen other than the turn itself, reached for the first time in the stream (at this size, if asked).
      const a = policy.arrivals;
      const rare = a.startsWith('results') ? mode === 'game-over' || mode === 'match-over' : a !== 'none' && !['rolling', 'choosing', 'computer'].includes(mode);
      const arrival = rare ? `${mode}${a.endsWith('+size') ? ` ${model.size.columns}x${model.size.rows}` : ''}` : null;
      const first = arrival !== null && !seen.has(arrival);
      if (arrival !== null) seen.add(arrival);
      if (!force && !first && stats.events % policy.every !== 0) return;
    }
    const { frame, problem, rendered } = checkFrame(model);
    stats.frames++;
    if (rendered) stats.renders++;
    if (problem !== null) report(new Violation(`frame too big: ${problem}`), frame);
  };

  const after = (before: AppModel, next: AppModel, step: Step) => {
    stats.events++;
    const mode = modeOf(before);
    stats.byMode[mode] = (stats.byMode[mode] ?? 0) + 1;
    if (filled(next.game) > filled(before.game)) stats.scored++;
    model = next;
    try {
      // Practice undo goes back to a game state of this stream, only its dice generator moved on.
      const undone = step.kind === 'key' && step.action === 'undo' && next.game !== before.game && next.message?.tone !== 'error';
      if (undone) {
        stats.undone++;
        if (!s.practice && !takeBackOf(s)) throw new Violation('a move was taken back outside practice and without --take-back');
        if (next.game === null || !history.has(withoutRng(next.game))) throw new Violation('undo gave a game state the stream never had');
        checkStep(before, next, { ...step, undo: true });
      } else checkStep(before, next, step);
      checkModel(next);
    } catch (e) {
      report(e);
    }
    remember();
    if (before.game && next.game && before.game.phase !== 'gameOver' && next.game.phase === 'gameOver') {
      stats.gamesEnded++;
      if (modeOf(next) === 'match-over' || next.overlay !== null) stats.matchesEnded++;
    }
    render(false);
  };

  /**
   * One read of terminal input: every key it holds goes through the game's key decoder (as src/ui/useKeys.ts runs
   * it on stdin) and the layout to the controller. An unfinished sequence at its end waits for the next read when
   * `more` says one follows at once, else it is flushed (as after the wait).
   */
  const decoder = createKeyDecoder();
  const type = (raw: string, name: string, more = false) => {
    const shown = raw.length > 200 ? `${JSON.stringify(raw.slice(0, 200))}... (${raw.length} characters)` : JSON.stringify(raw);
    log.push(shown + (name !== raw && name !== JSON.stringify(raw) ? `(${name.length > 200 ? name.slice(0, 200) + '...' : name})` : ''));
    const keys = decoder.push(raw);
    if (!more) keys.push(...decoder.flush());
    for (const { input, key } of keys) {
      const before = model;
      let next: AppModel;
      let action: AppAction['type'];
      try {
        action = keyToAction(before, input, key).type;
        next = pressKey(before, input, key);
      } catch (e) {
        report(new Violation(`a key threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
      }
      stats.keys++;
      const ctrlC = (key.ctrl === true && input === 'c') || input === '\u0003';
      after(before, next!, { kind: 'key', name, ctrlC, action: action! });
    }
  };
  const press = (name: string) => type(rawFor(name), name);

  /** An event the App sends the controller itself (not a key). */
  const send = (action: AppAction, text: string) => {
    log.push(`[${text}]`);
    const before = model;
    let next: AppModel;
    try {
      next = update(before, action);
    } catch (e) {
      report(new Violation(`update(${action.type}) threw: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    }
    after(before, next!, action.type === 'resize' ? { kind: 'resize', columns: action.columns, rows: action.rows } : { kind: 'app', action: action.type });
  };
  const resize = (size: TermSize) => send({ type: 'resize', ...size }, `resize ${size.columns}x${size.rows}`);

  /**
   * The App's computer player: the next step of its decision, or a new decision (the strategy table is never loaded
   * here: optimal and strong seats wait for it until it is reported failed, then play casually). Off its turn, or
   * with n saying so, a stray computer event, which must be refused.
   */
  const computer = (n: number) => {
    if (computerToMove(model) && model.overlay === null && n % 5 !== 0) {
      if (model.computer.steps.length > 0) return send({ type: 'computer-step' }, 'computer-step');
      const choice = computerChoice(model, undefined);
      if (choice === null) return send({ type: 'strategy', strategy: { status: 'failed', error: 'no strategy table in the fuzz test' } }, 'strategy failed');
      stats.computerSteps++;
      return send({ type: 'computer-decision', decision: choice.decision, rng: choice.rng }, `computer-decision ${JSON.stringify(choice.decision)}`);
    }
    const g = model.game;
    const legal = g ? legalBoxes(g) : [];
    const moves: Action[] = [
      legal.length > 0 ? { type: 'score', box: legal[n % legal.length].id } : { type: 'score', box: 'chance' },
      { type: 'roll' },
      { type: 'stop-rolling' },
      { type: 'toggle-hold', die: (n % 7) - 1 },
      { type: 'score', box: 'bogus' },
      { type: 'next-game' },
    ];
    const stray: AppAction[] = [{ type: 'computer-step' }, { type: 'computer-hurry' }, { type: 'computer-move', action: moves[(n >> 2) % moves.length] }];
    const action = stray[n % stray.length];
    return send(action, JSON.stringify(action));
  };

  /** What the App hears from outside the controller: a notice (autosave, high score), the table's progress, or the chances to win (this turn's, or an older turn's). */
  const outside = (n: number, text: string) => {
    if (n % 7 === 6) {
      const key = (n >> 3) % 4 === 0 ? 'an older turn' : (chancesKey(model) ?? 'no turn');
      const seats = model.game?.players.length ?? 2;
      const parts = Array.from({ length: seats + 1 }, (_, i) => 1 + ((n >> (i + 4)) % 97));
      const sum = parts.reduce((a, b) => a + b, 0);
      const odds: ChancesStatus = [
        { status: 'ready', win: parts.slice(0, seats).map((p) => p / sum), tie: parts[seats] / sum },
        { status: 'working' },
        { status: 'preparing', stage: n % 2 === 0 ? 'strategy' : 'distribution', done: (n >> 5) % 101, total: 100 },
        { status: 'failed', error: text },
      ][(n >> 2) % 4] as ChancesStatus;
      return send({ type: 'chances-status', key, chances: odds }, 'chances');
    }
    if (n % 3 === 0) return send({ type: 'notice', text, tone: n % 2 === 0 ? 'error' : 'info' }, `notice ${JSON.stringify(text)}`);
    const total = 1 + (n % 100000);
    return send({ type: 'strategy', strategy: n % 3 === 1 ? { status: 'loading', done: (n >> 3) % (total + 1), total } : { status: 'failed', error: text } }, 'strategy');
  };

  /** Keys that play on from the current mode: a few at most, each read against the model as it is then. */
  const advance = (n: number): void => {
    const mode = modeOf(model);
    const msx = s.layout === 'msx';
    switch (mode) {
      case 'setup-players':
        return press(n % 9 === 0 ? 'c' : String(1 + (n % 4)));
      case 'setup-first-name':
      case 'setup-name': {
        if (model.setup.names.length > 0 && n % 3 === 0) return press('enter');
        const name = [...NAMES[n % NAMES.length]];
        for (let i = 0; i < 24 && modeOf(model) === mode; i++) {
          const field = [...model.setup.field];
          if (!field.every((c, j) => c === name[j])) press('backspace');
          else if (field.length < name.length) type(name[field.length], name[field.length]);
          else return press('enter');
        }
        return;
      }
      case 'setup-match':
        return press(['u', 'U', 'f', 'p', 's'][n % 5]);
      case 'setup-number': {
        const target = model.setup.matchKind === 'target' ? ['1', '60', '150', '300', '99999'][n % 5] : ['1', '2', '3', '1', '99'][n % 5];
        for (let i = 0; i < 12 && modeOf(model) === 'setup-number'; i++) {
          const field = model.setup.field;
          if (!target.startsWith(field)) press('backspace');
          else if (field.length < target.length) press(target[field.length]);
          else return press('enter');
        }
        return;
      }
      case 'rolling': {
        const r = n % 6;
        if (r < 2) return press(msx ? 'space' : 'enter');
        if (r === 2) return press(msx ? String(1 + ((n >> 3) % 5)) : 'abcde'[(n >> 3) % 5]);
        // Score now: end the rolling, then choose a box as below.
        press(msx ? 'i' : '0');
        return modeOf(model) === 'choosing' ? advance(n) : undefined;
      }
      case 'choosing': {
        const g = model.game!;
        const legal = new Set(legalBoxes(g).map((b) => b.id));
        if (msx) {
          // A few moves of the cursor, on to a box the rules allow (now and then any open box), then score it.
          const key = n % 5 === 0 ? 'up' : 'down';
          for (let i = 0; i < (n >> 3) % 4 && modeOf(model) === 'choosing'; i++) press(key);
          for (let i = 0; i < 13 && modeOf(model) === 'choosing' && n % 7 !== 0 && !legal.has(model.cursor ?? ''); i++) press(key);
          return modeOf(model) === 'choosing' ? press(n % 2 === 0 ? 'right' : 'enter') : undefined;
        }
        const pool = n % 7 === 0 || legal.size === 0 ? openBoxes(g) : [...legal];
        const target = pool[(n >> 3) % pool.length];
        // The option number as the layout shows it (the Spectrum: as its inlay, under every rule set).
        const option = String(layoutRules(getLayout(model.layout), rulesOf(g)).boxes.find((b) => b.id === target)!.option);
        for (let i = 0; i < 8 && modeOf(model) === 'choosing'; i++) {
          if (!option.startsWith(model.option)) press('backspace');
          else if (model.option.length < option.length) press(option[model.option.length]);
          else return press('enter');
        }
        return;
      }
      case 'game-over':
      case 'match-over':
        // Mostly the key that goes on; now and then a key of the turn, which only says so.
        return press(n % 11 === 0 ? 'r' : n % 7 === 0 ? (msx ? 'space' : 'enter') : n % 2 === 0 ? 'y' : 'Y');
      case 'help':
      case 'review':
        return press(n % 2 === 0 ? 'space' : 'x');
      case 'confirm':
        return press(n % 16 === 0 ? 'y' : n % 2 === 0 ? 'n' : 'escape');
      case 'computer':
        return n % 4 === 0 ? press(msx && n % 8 === 0 ? 'space' : 'enter') : computer(n | 1);
      case 'too-small': {
        const need = resolveSize({ kind: 'min', dc: 0, dr: 0 }, model, s);
        return resize({ columns: Math.max(need.columns, 44) + (n % 30), rows: Math.max(need.rows, 12) + (n % 7) });
      }
      default:
        return;
    }
  };

  render(true);
  for (const intent of intents) {
    switch (intent.k) {
      case 'advance':
        advance(intent.n);
        break;
      case 'bound': {
        // Ctrl-C comes among the raw keys; here it would end most streams early.
        const keys = bindingsFor(layout, modeOf(model))
          .flatMap((b) => b.keys)
          .filter((k) => k !== 'ctrl-c');
        if (keys.length === 0) break;
        const key = keys[intent.n % keys.length];
        if (key === PRINTABLE || key === ANY_KEY) type(intent.ch, JSON.stringify(intent.ch));
        else press(key);
        break;
      }
      case 'raw':
        if (intent.key.name.startsWith('seq ')) stats.sequences++;
        type(intent.key.raw, intent.key.name);
        break;
      case 'paste':
        if (intent.text.length >= 10_000) stats.bigPasteChars += intent.text.length;
        type(intent.text, intent.text.length > 200 ? 'a 10 KB paste' : `paste ${JSON.stringify(intent.text)}`);
        break;
      case 'reads':
        stats.splitReads++;
        intent.chunks.forEach((c, i) => type(c, `read ${i + 1} of ${intent.chunks.length}`, i < intent.chunks.length - 1));
        break;
      case 'resize':
        resize(resolveSize(intent.size, model, s));
        break;
      case 'computer':
        computer(intent.n);
        break;
      case 'outside':
        outside(intent.n, intent.text);
        break;
    }
    if (model.screen === 'done') {
      // The player quit: a key more changes nothing, then the game is started again as from the command line.
      press('space');
      render(true);
      log.push('[restart]');
      stats.sessions++;
      model = start(s.seed + stats.sessions, model.size);
      history.clear();
      remember();
      try {
        checkModel(model);
      } catch (e) {
        report(e);
      }
      render(true);
    }
  }
  if (policy.kind !== 'sample' || policy.last !== false) render(true);
  return stats;
}
