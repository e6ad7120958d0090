import { DICE_COUNT, MAX_ROLLS, cardProblem, isFilled, rulesOf, type GameState, type RuleSetId } from '../engine/index.js';
import { noRoll, type AppModel, type Message, type ModelInit, type SeatDecision } from './model.js';
import type { LayoutId } from '../input/index.js';
import type { PlayOptions } from './options.js';
import { initialModel, type ScreenKeptRead } from './setup.js';

/** The answer to "resume the saved game?". */
export type ResumeChoice = 'resume' | 'new' | 'quit' | 'interrupt';

/**
 * The flags for a new game that resuming the saved game does not use: --rules, --layout and --practice only when they
 * are not its own. A table passes its own seats, which are the saved game's, so it has none.
 */
export function unusedFlags(options: PlayOptions, saved: { readonly rules: RuleSetId; readonly layout: LayoutId; readonly practice: boolean }): string[] {
  if (options.hosted === true) return [];
  const own = (flag: string) =>
    (flag === '--rules' && options.rules === saved.rules) || (flag === '--layout' && options.layout === saved.layout) || (flag === '--practice' && saved.practice);
  return (options.newGameFlags ?? []).filter((flag) => !own(flag));
}

/**
 * The first screen when a saved game is waiting: the resume question about `state` (saved at `savedAt`, played in
 * `layout`, a practice game or not), with the flags given that only a new game would use, and `message` on its message
 * line (what the session found before asking: a newer save that was damaged, settings that could not be read).
 */
export function resumeQuestion(
  options: PlayOptions,
  init: ModelInit,
  state: GameState,
  savedAt: string,
  layout: LayoutId,
  practice: boolean,
  message: Message | null = null,
): AppModel {
  const flags = unusedFlags(options, { rules: state.rules, layout, practice });
  // The flags may name a whole new game, which initialModel starts with its first roll: that roll, and what it would
  // say when it lands ("YAHTZEE!"), are no part of the question.
  return { ...initialModel(options, init), screen: 'resume', resume: { state, savedAt, layout, practice, flags, answer: null }, game: null, message, roll: noRoll() };
}

/**
 * The decisions kept in a save (its `ui.decisions`), checked against the saved game: every one a person's, with a
 * possible card, dice and choice for that game's rules. Anything else gives none (the review then covers the game from
 * the resume on): a review built on a wrong record would tell the player wrong things.
 */
export function decisionsFrom(value: unknown, game: GameState): SeatDecision[] {
  if (!Array.isArray(value)) return [];
  const rules = rulesOf(game);
  const boxes = new Set(rules.boxes.map((b) => b.id));
  const isFace = (f: unknown) => Number.isInteger(f) && (f as number) >= 1 && (f as number) <= 6;
  const ok = (d: unknown): d is SeatDecision => {
    if (typeof d !== 'object' || d === null) return false;
    const { seat, record } = d as { seat?: unknown; record?: unknown };
    if (!Number.isInteger(seat) || game.players[seat as number]?.kind !== 'human') return false;
    if (typeof record !== 'object' || record === null) return false;
    const { card, dice, rollsLeft, choice } = record as { card?: unknown; dice?: unknown; rollsLeft?: unknown; choice?: unknown };
    if (cardProblem(rules, card) !== null) return false;
    if (!Array.isArray(dice) || dice.length !== DICE_COUNT || !dice.every(isFace)) return false;
    if (!Number.isInteger(rollsLeft) || (rollsLeft as number) < 0 || (rollsLeft as number) >= MAX_ROLLS) return false;
    if (typeof choice !== 'object' || choice === null) return false;
    const c = choice as { kind?: unknown; keep?: unknown; box?: unknown };
    if (c.kind === 'score') return typeof c.box === 'string' && boxes.has(c.box);
    return c.kind === 'keep' && Array.isArray(c.keep) && c.keep.length <= DICE_COUNT && c.keep.every(isFace);
  };
  return value.every(ok) ? value : [];
}

/**
 * What the screen keeps across a resume, saved with the game: what the player had typed but not yet used (the MSX
 * cursor, a half-typed Spectrum option), the holds of a rolling ended early (to roll on with) and whether the hints and
 * the chances to win were turned on.
 */
export interface ScreenKept {
  readonly cursor: string | null;
  readonly option: string;
  readonly hint: boolean;
  readonly chances: boolean;
  readonly stopped: readonly boolean[] | null;
  /** The game a box was taken back in (AppModel.takenBackIn), which goes in no high scores. */
  readonly takenBackIn: number | null;
}

/** What a model's screen keeps, for the save (see ScreenKept). */
export function screenKeptOf(model: Pick<AppModel, 'cursor' | 'option' | 'hint' | 'chances' | 'stopped' | 'takenBackIn'>): ScreenKept {
  return { cursor: model.cursor, option: model.option, hint: model.hint, chances: model.chances === true, stopped: model.stopped?.held ?? null, takenBackIn: model.takenBackIn ?? null };
}

/**
 * What the screen kept in a save (its `ui.cursor`, `ui.option`, `ui.hint`, `ui.chances`, `ui.stopped` and
 * `ui.takenBackIn`, the last only for the game in play), checked against the saved game: the cursor on an open box of
 * the player to move while a box is being chosen, the option 1 to the number of boxes, as the keys could have typed it,
 * the holds of a rolling ended early while rolls are left. Anything else is dropped (the cursor then starts on the
 * first box the rules allow, the option empty, the hints and chances off, no rolling on).
 */
export function screenKeptFrom(ui: Readonly<Record<string, unknown>> | undefined, game: GameState): ScreenKeptRead {
  const out: { cursor?: string; option?: string; hint?: true; chances?: true; stopped?: readonly boolean[]; takenBackIn?: number } = {};
  if (ui === undefined) return out;
  // Only the game in play's matters: an earlier one's was dealt with when it ended.
  if (ui.takenBackIn === game.results.length) out.takenBackIn = game.results.length;
  if (ui.hint === true) out.hint = true;
  if (ui.chances === true) out.chances = true;
  if (game.phase !== 'choosing') return out;
  const card = game.cards[game.current];
  const open = rulesOf(game).boxes.filter((b) => !isFilled(card, b.id)).map((b) => b.id);
  if (typeof ui.cursor === 'string' && open.includes(ui.cursor)) out.cursor = ui.cursor;
  const count = rulesOf(game).boxes.length;
  if (typeof ui.option === 'string' && /^[1-9][0-9]?$/.test(ui.option) && Number(ui.option) <= count) out.option = ui.option;
  const held = ui.stopped;
  if (game.rollsUsed < MAX_ROLLS && Array.isArray(held) && held.length === DICE_COUNT && held.every((h) => typeof h === 'boolean')) out.stopped = [...held];
  return out;
}
