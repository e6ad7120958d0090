/**
 * The take-back (--take-back, off by default: the originals had "no regret"): a person's box, scored by a mis-key,
 * taken back until a person rolls or scores after it. Computer seats' turns in between do not end it: taken back, the
 * game is as it was before the box, generator and all, so they are played again alike. Practice has its own taking
 * back (practice.ts).
 */
import { MAX_ROLLS, legalBoxes, rulesOf, type GameState } from '../../engine/index.js';
import { getLayout } from '../keymaps/index.js';
import { keyLabel } from '../labels.js';
import { listWords } from '../../text/index.js';
import type { AppModel, TakeBack } from '../model.js';
import { done, refused, type Phase, type Step } from './step.js';

/** The boxes filled on all the cards. */
const filled = (game: GameState): number => game.cards.reduce((n, card) => n + Object.keys(card.boxes).length, 0);

/** The seats that scored from `after` to `game`, in turn order (one box a turn). */
function scoredSince(after: GameState, game: GameState): GameState['players'] {
  const seats = after.players.length;
  return Array.from({ length: Math.max(0, filled(game) - filled(after)) }, (_, i) => after.players[(after.current + i) % seats]);
}

/** Whether no person has rolled or scored from `after` to `game`: only computer seats' turns, and a person's marks. */
function onlyComputersOrMarks(after: GameState, game: GameState): boolean {
  if (game.phase === 'gameOver' || game.results.length !== after.results.length) return false;
  if (scoredSince(after, game).some((p) => p.kind !== 'computer')) return false;
  return game.players[game.current].kind === 'computer' || game.rollsUsed === after.rollsUsed;
}

/** The take-back that can be used now: the last box a person scored, while no person has rolled or scored since. */
function openTakeBack(model: AppModel): TakeBack | null {
  const t = model.takeBack ?? null;
  return t !== null && model.game !== null && (model.game === t.after || onlyComputersOrMarks(t.after, model.game)) ? t : null;
}

/** The name of the person who scored the box a take-back is of. */
const scorer = (t: TakeBack): string => t.before.players[t.seat].name;

/**
 * The person whose box the take-back key takes back now, or null when none can be: at a hosted table the key is theirs
 * alone (src/table/mayAct.ts), on whatever turn.
 */
export function takeBackOwner(model: AppModel): string | null {
  const t = openTakeBack(model);
  return t === null ? null : scorer(t);
}

/** A box's name in the game's rule set (its id when it has none). */
export const boxName = (game: GameState, box: string): string => rulesOf(game).boxes.find((b) => b.id === box)?.name ?? box;

/**
 * The take-back of a box a person has just scored (`before` the game as it was, `after` as it is now), or null
 * when there is none: with the setting off, in practice (which takes back its own way), and for the last box of a
 * game, whose scores are then kept (the high scores, the review) and stand.
 */
export function takeBackOf(model: AppModel, before: GameState, after: GameState, box: string): TakeBack | null {
  if (!model.settings.takeBack || model.settings.practice || after.phase === 'gameOver') return null;
  return { seat: before.current, box, before, decisions: model.decisions.length, after };
}

/** The news of a box just scored, with the key that takes it back while it can be (at a hosted table, whose key). */
export function withTakeBackNews(model: AppModel): AppModel {
  const t = openTakeBack(model);
  if (t === null || model.message === null) return model;
  const whose = model.settings.hosted === true ? `${scorer(t)}'s ` : '';
  return { ...model, message: { ...model.message, text: `${model.message.text} (${whose}${keyLabel(model, 'undo')} takes it back)` } };
}

/**
 * While a take-back is open, an empty message line says so ("u takes back ANN's Fours"; at a hosted table, where the
 * key is ANN's alone, "ANN's u takes back their Fours").
 */
export function withTakeBackLine(model: AppModel): AppModel {
  const t = openTakeBack(model);
  if (t === null || model.message !== null) return model;
  const name = scorer(t);
  const box = boxName(t.before, t.box);
  const text = model.settings.hosted === true ? `${name}'s ${keyLabel(model, 'undo')} takes back their ${box}` : `${keyLabel(model, 'undo')} takes back ${name}'s ${box}`;
  return { ...model, message: { text, tone: 'info' } };
}

/**
 * Why the take-back key does nothing now, when the setting is on. A person who scores has a take-back of their own,
 * which replaces the one before, so what ends one is a person's roll.
 */
function tooLate(game: GameState, t: TakeBack | null): Step {
  if (game.phase === 'gameOver') return refused({ code: 'take-back-game-over' });
  if (t === null) return refused({ code: 'take-back-nothing' });
  return refused({ code: 'take-back-late', name: game.players[game.current].name });
}

/** The computer seats' turns a take-back undoes too, as the message says them: ", and CPU's turn after it". */
function turnsUndone(t: TakeBack, game: GameState): string {
  const names = scoredSince(t.after, game).map((p) => p.name);
  const now = game.players[game.current];
  // The turn under way counts once its computer has rolled again or chosen to score.
  if (game.current !== t.seat && now.kind === 'computer' && (game.rollsUsed > 1 || game.phase === 'choosing')) names.push(now.name);
  const seats = [...new Set(names)];
  if (seats.length === 0) return '';
  return seats.length === 1 ? `, and ${seats[0]}'s turn after it` : `, and the turns of ${listWords(seats)} after it`;
}

/** The box taken back: the game exactly as before it (the generator too), the record without it, the choice again. */
function takeBack(model: AppModel, t: TakeBack, now: GameState): AppModel {
  const game = t.before;
  const cursor = getLayout(model.layout).boxChoice === 'cursor' ? t.box : (legalBoxes(game)[0]?.id ?? null);
  return {
    ...model,
    game,
    decisions: model.decisions.slice(0, t.decisions),
    takeBack: null,
    takenBackIn: game.results.length,
    // Rolling on from here would roll the dice already seen: the generator is as it was.
    stopped: null,
    cursor,
    option: '',
    computer: { ...model.computer, steps: [], hurry: false },
    // With rolls left (the rolling was ended early), the dice stay: that is said, as the header still counts rolls.
    message: { text: `${scorer(t)}'s ${boxName(game, t.box)} taken back${turnsUndone(t, now)}: choose again${game.rollsUsed < MAX_ROLLS ? ' from these dice' : ''}`, tone: 'info' },
  };
}

/** The take-back phase: the take-back key outside practice, in any state of a game. */
export const takeBackPhase: Phase = (model, action) => {
  if (action.type !== 'undo' || model.settings.practice) return null;
  const game = model.game;
  if (game === null) return refused({ code: 'no-game' });
  if (!model.settings.takeBack) return refused({ code: 'take-back-off' });
  const t = openTakeBack(model);
  if (t === null) return tooLate(game, model.takeBack ?? null);
  return done(() => takeBack(model, t, game));
};
