/**
 * The engine adapter: an engine move on the model (the cursor, the typed option, the roll to animate and its news
 * follow it), and a person's move recorded for the review and, in practice, for taking back.
 */
import { MAX_ROLLS, cardTotal, endedAtTarget, legalBoxes, reduce, rollsLeft, rulesOf, type Action, type Face, type GameState } from '../../engine/index.js';
import { lastRoundText } from '../messages.js';
import { computerToMove } from '../modes.js';
import { nextRoll, type AppModel, type Message, type SeatDecision, type UndoEntry } from '../model.js';
import { withYahtzeeNotice } from '../yahtzee.js';
import { takeBackOf, withTakeBackNews } from './takeBack.js';
import { andThen, done, refused, type Step } from './step.js';

/**
 * After an engine move: the cursor on the first legal box when a person's choosing starts, the typed option cleared,
 * the roll noted.
 */
function afterMove(model: AppModel, before: GameState, game: GameState, rolled: readonly boolean[] | null, message: Message | null): AppModel {
  const choosingNow = game.phase === 'choosing';
  const filled = (g: GameState) => Object.keys(g.cards[before.current]?.boxes ?? {}).length;
  const sameTurn = game.current === before.current && filled(game) === filled(before) && before.phase !== 'gameOver';
  const keep = choosingNow && before.phase === 'choosing' && sameTurn;
  const computer = sameTurn ? model.computer : { ...model.computer, steps: [], hurry: false };
  const next: AppModel = {
    ...model,
    computer,
    stopped: sameTurn ? (model.stopped ?? null) : null,
    game,
    cursor: cursorAfter(model, game, keep, choosingNow),
    option: keep ? model.option : '',
    message,
    // A roll still landing on the screen whose turn is over (a hurried computer scored before it landed): its news
    // would come after the box's, and after the game's end, so it is dropped.
    roll: rolled ? nextRoll(model, rolled) : sameTurn ? model.roll : { ...model.roll, news: null },
  };
  // Five alike from this roll: said (with what a Joker allows) when the dice land.
  return rolled ? withYahtzeeNotice(next) : next;
}

/**
 * Where the MSX cursor stands after a move: where it was while the same choice goes on; on the first open box when a
 * person starts to choose. A computer's cursor waits for its decision (computerTurn.ts): on the first box it would
 * show a box not chosen.
 */
function cursorAfter(model: AppModel, game: GameState, keep: boolean, choosingNow: boolean): string | null {
  if (keep && model.cursor !== null) return model.cursor;
  if (!choosingNow || computerToMove({ ...model, game })) return null;
  return legalBoxes(game)[0]?.id ?? null;
}

/** The news of a box scored: "ANN scored 25 in Full house", with the Yahtzee bonus, the game's or the last round's end. */
function scoredText(before: GameState, game: GameState, box: string): string {
  const rules = rulesOf(before);
  const name = before.players[before.current].name;
  const def = rules.boxes.find((b) => b.id === box);
  const points = game.cards[before.current].boxes[box] ?? 0;
  const bonus = game.cards[before.current].yahtzeeBonuses > before.cards[before.current].yahtzeeBonuses ? ` and a Yahtzee bonus of ${rules.yahtzeeBonus}` : '';
  const lastRound = lastRoundText(game);
  const end = endedAtTarget(game)
    ? `: the round is over, and so is the match`
    : game.phase === 'gameOver'
      ? `: ${name} ends on ${cardTotal(rules, game.cards[before.current])}`
      : lastRound !== null && lastRoundText(before) !== lastRound
        ? `: ${lastRound}`
        : '';
  return `${name} scored ${points} in ${def?.name ?? box}${bonus}${end}`;
}

/** One engine action: legal when the engine takes it (the next model then follows it), else the engine's refusal. */
export function engineStep(model: AppModel, action: Action): Step {
  const before = model.game;
  if (before === null) return refused({ code: 'no-game' });
  const result = reduce(before, action);
  if (!result.ok) return refused({ code: 'engine', refusal: result.refusal, reason: result.error });
  const game = result.state;
  return done(() => {
    if (action.type === 'roll') return afterMove(model, before, game, before.held.map((h) => !h), null);
    if (action.type === 'score') {
      const over = game.phase === 'gameOver';
      return afterMove(model, before, game, over ? null : Array(5).fill(true), { text: scoredText(before, game, action.box), tone: 'info' });
    }
    if (action.type === 'next-game') return afterMove(model, before, game, Array(5).fill(true), null);
    return afterMove(model, before, game, null, null);
  });
}

const heldFaces = (g: GameState): Face[] => g.dice.filter((_, i) => g.held[i]);

/**
 * An engine move made by the person whose turn it is: the move, the decision it stands for recorded for the review
 * (the holds at a roll, the box scored with the rolls that were left), and in practice a way back to before it; a box
 * scored with the take-back on can be taken back until the next move (takeBack.ts).
 */
export function personMove(model: AppModel, action: Action): Step {
  const before = model.game;
  return andThen(engineStep(model, action), (moved) => {
    if (before === null || moved.game === null) return moved;
    const next = action.type === 'score' ? withTakeBackNews({ ...moved, takeBack: takeBackOf(model, before, moved.game, action.box) }) : moved;
    const seat = before.current;
    const card = before.cards[seat];
    let record: SeatDecision | null = null;
    if (action.type === 'roll') record = { seat, record: { card, dice: before.dice, rollsLeft: rollsLeft(before), choice: { kind: 'keep', keep: heldFaces(before) } } };
    if (action.type === 'score') record = { seat, record: { card, dice: before.dice, rollsLeft: MAX_ROLLS - before.rollsUsed, choice: { kind: 'score', box: action.box } } };
    const decisions = record ? [...model.decisions, record] : model.decisions;
    if (!model.settings.practice || (action.type !== 'roll' && action.type !== 'stop-rolling' && action.type !== 'score')) return { ...next, decisions };
    const top = model.undo[model.undo.length - 1];
    const entry: UndoEntry = { seat, before, decisions: model.decisions.length, move: action.type };
    // Only the last person to move can take back: a move of another person starts the list afresh.
    const undo = top !== undefined && top.seat !== seat ? [entry] : [...model.undo, entry];
    return { ...next, decisions, undo };
  });
}
