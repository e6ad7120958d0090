/** The hint panel: the best choices now with their expected final scores, and what the choice on screen would lose. */
import { MAX_ROLLS, isFilled, rollsLeft, rulesOf, scoreOptions, type Face, type GameState, type RuleSet } from '../engine/index.js';
import { getLayout } from '../app/keymaps/index.js';
import type { RankedOption, StrategyTable } from '../solver/index.js';
// The solver's light modules only: the game's first frame is drawn before the solver is loaded.
import { tableSolver } from '../solver/play/tableSolver.js';
import { tableFor } from '../solver/strategy/state.js';
import { faceKeepLabels, keepLabels, keptNames } from '../app/diceWords.js';
import { boxForOption, cursorBox, keyWord, shownRules } from '../app/labels.js';
import type { AppModel } from '../app/model.js';
import { canRollOn, modeOf } from '../app/modes.js';
import { hintsOn } from '../app/chances.js';
import { textWidth } from '../text/index.js';
import { fitLines } from '../text/index.js';
import { clip, fitLine, type PanelLine } from './lines.js';
import { boxLabels, diceNaming, lossText, optionLabels, points1, strategyWords } from './words.js';

const len = textWidth;

/** How many best choices the hint shows at most (fewer when the panel has no room for them: hintLines). */
export const HINT_CHOICES = 3;

/** Shorter forms of a lead ("OPTION (1-13)? 4_ " ... "4_ ") and of a figure ("not allowed": "no"), longest first. */
function shorterLeads(lead: string): string[] {
  const typed = /^OPTION \(1-\d+\)\? (\d*_ )$/.exec(lead);
  return typed ? [lead, `OPTION? ${typed[1]}`, typed[1]] : [lead];
}

/**
 * The line about the choice on screen, `width` wide: the longest lead and figure with which the figure fits whole
 * (a cut lead or figure would say something else), then the longest label that fits in what is left.
 */
export function yoursLine(yours: HintYours, width: number): string {
  const rights = yours.right === 'not allowed' ? ['not allowed', 'no'] : yours.right === 'already used' ? ['already used', 'used'] : [yours.right];
  const shortest = Math.min(...yours.labels.map(len));
  // First with a label that fits whole, then with the figure whole at least.
  for (const right of rights) {
    for (const lead of shorterLeads(yours.lead)) {
      if (len(lead) + shortest + 1 + len(right) <= width) return fitLine(lead, yours.labels, right, width);
    }
  }
  for (const right of rights) {
    for (const lead of shorterLeads(yours.lead)) {
      if (len(lead) + len(right) + (right === '' ? 0 : 1) <= width) return fitLine(lead, yours.labels, right, width);
    }
  }
  return fitLine(shorterLeads(yours.lead).at(-1) ?? '', yours.labels, rights.at(-1) ?? '', width);
}

/** One of the best choices now. */
export interface HintChoice {
  /** A keep of dice, or a box to score now: the keeps share one wording, a box takes the longest name that fits. */
  readonly kind: 'keep' | 'box';
  readonly labels: readonly string[];
  readonly expectedFinal: number;
  /** A box's option number, where the layout scores by number (the Spectrum): the key to type, said before its name. */
  readonly option?: number;
}

/** The choice on screen now (the marks or holds, the box under the cursor, the option typed) and what it loses. */
export interface HintYours {
  /** What it is: "yours: " or "ann's: " (the marks or holds), "▶ " (the MSX cursor), "OPTION? 4_ ". */
  readonly lead: string;
  /** The player to move, on a screen that is not theirs (AppModel.onlooker); null on their own. */
  readonly whose: string | null;
  readonly labels: readonly string[];
  /** "best", "-2.3", "not allowed", "already used" (a filled box), or "" when there is nothing to compare yet. */
  readonly right: string;
}

/** The hint panel's content: the best choices with their expected final scores, or why they are not there yet. */
export interface HintView {
  readonly status: 'ready' | 'waiting';
  /** The panel's name: the layout's word for the key that shows it ("tip" on the MSX, "hint" on the Spectrum). */
  readonly word: string;
  /** While waiting: the strategy table's state in words. */
  readonly waiting: string;
  readonly best: readonly HintChoice[];
  readonly yours: HintYours | null;
}

/** True when the hint panel is up: hints on (always in practice) and a person to move, the quit question or not. */
export function hintsShown(model: AppModel): boolean {
  const mode = modeOf(model.overlay === 'confirm' ? { ...model, overlay: null } : model);
  return hintsOn(model) && (mode === 'rolling' || mode === 'choosing');
}

const sameFaces = (a: readonly Face[], b: readonly Face[]) => a.length === b.length && [...a].sort().every((f, i) => f === [...b].sort()[i]);

function yoursNow(model: AppModel, g: GameState, ranked: readonly RankedOption[], rules: RuleSet): HintYours | null {
  const best = ranked[0].expectedFinal;
  const loss = (value: number) => lossText(best - value);
  const layout = getLayout(model.layout);
  // At a hosted table the choice on an onlooker's screen is another's: it is named, "yours" would read as theirs.
  const whose = model.onlooker !== undefined ? g.players[g.current].name : null;
  if (g.phase === 'rolling') {
    const indexes = [0, 1, 2, 3, 4].filter((i) => g.held[i]);
    const kept = indexes.map((i) => g.dice[i]);
    // "yours", not "marked" or "held": the wording names the marks or holds itself.
    const lead = whose === null ? 'yours: ' : `${whose}'s: `;
    // Where "yours: hold A B C D" does not fit, the dice alone: the lead says they are the marks or holds.
    const alone = kept.length > 0 && kept.length < 5 ? [keptNames(diceNaming(model), indexes)] : [];
    const labels = [...keepLabels(diceNaming(model), g.dice, indexes), ...alone];
    if (kept.length === 5) return { lead, whose, labels, right: loss(ranked.find((o) => o.kind === 'score')!.expectedFinal) };
    const option = ranked.find((o) => o.kind === 'keep' && sameFaces(o.keep, kept));
    return option ? { lead, whose, labels, right: loss(option.expectedFinal) } : null;
  }
  const scoreRight = (box: string) => {
    const option = ranked.find((o) => o.kind === 'score' && o.box === box);
    if (option) return loss(option.expectedFinal);
    return isFilled(g.cards[g.current], box) ? 'already used' : 'not allowed';
  };
  // A box already used is named alone: beside "already used", the points these dice would make read as its score.
  const labelsOf = (box: string) => {
    if (isFilled(g.cards[g.current], box)) return boxLabels(rules, box, null);
    return boxLabels(rules, box, scoreOptions(rules, g.cards[g.current], g.dice).boxes.find((o) => o.box === box)?.points ?? 0);
  };
  if (layout.boxChoice === 'cursor') {
    const cursor = cursorBox(model, g);
    if (cursor === null) return null;
    return { lead: '▶ ', whose, labels: labelsOf(cursor), right: scoreRight(cursor) };
  }
  const lead = `OPTION (1-${rules.boxes.length})? ${model.option}_ `;
  const box = model.option === '' ? undefined : boxForOption(model, g, Number(model.option));
  if (box === undefined) return { lead, whose, labels: [''], right: '' };
  return { lead, whose, labels: labelsOf(box.id), right: scoreRight(box.id) };
}

/**
 * The hint for the person to move, or null when the panel is not up: the best choices now (HINT_CHOICES) with their expected
 * final scores (rankOptions: keeps while rolls are left, boxes when scoring) and what the choice on screen would
 * lose against the best. Without a table for the position it says the table is being computed. After the rolling was
 * ended early, the keeps are there too, as rolling on (the person may still): a box is weighed against them.
 */
export function hintView(model: AppModel, table: StrategyTable | undefined): HintView | null {
  const g = model.game;
  if (g === null || !hintsShown(model)) return null;
  const word = keyWord(model, 'hint') || 'hint';
  if (!tableFor(table, g)) return { status: 'waiting', word, waiting: strategyWords(model.strategy), best: [], yours: null };
  const rules = rulesOf(g);
  const rollOn = canRollOn(model) ? MAX_ROLLS - g.rollsUsed : 0;
  const ranked = tableSolver().rankOptions(table, rules, g.cards[g.current], g.dice, rollOn || rollsLeft(g));
  // With the Spectrum keys a box is scored by its option number: the hint says it before the box's name.
  const numbered = getLayout(model.layout).boxChoice === 'number' ? shownRules(model, g) : null;
  const labelsOf = (o: RankedOption) => {
    const labels = optionLabels(rules, o, diceNaming(model), g);
    if (o.kind !== 'keep' || rollOn === 0) return labels;
    // The faces before the dice's names where room is short: the marks are made after rolling on (the help line has
    // its key).
    const faces = faceKeepLabels(diceNaming(model), o.keep);
    return [...labels.slice(0, 2), ...faces, ...labels.slice(2)].map((l) => `roll on, ${l}`).concat('roll on');
  };
  return {
    status: 'ready',
    word,
    waiting: '',
    best: ranked.slice(0, HINT_CHOICES).map((o) => {
      const option = o.kind === 'keep' ? undefined : numbered?.boxes.find((b) => b.id === o.box)?.option;
      return { kind: o.kind === 'keep' ? 'keep' : 'box', labels: labelsOf(o), expectedFinal: o.expectedFinal, ...(option !== undefined ? { option } : {}) };
    }),
    yours: yoursNow(model, g, ranked, rules),
  };
}

/**
 * The hint as panel lines, fitted to `room` lines of `width` characters: the line about the choice on screen
 * first, then as many of the best choices as fit, and a heading when there is a line to spare.
 */
export function hintLines(view: HintView, room: number, width: number): PanelLine[] {
  if (room <= 0) return [];
  if (view.status === 'waiting') return fitLines(`${view.word}: ${view.waiting}`, width, room).map((text) => ({ text, role: 'dim' }));
  // With one line only, the best choice: what the player's own would lose says little without it.
  const yours: PanelLine[] = view.yours && (room >= 2 || view.best.length === 0) ? [{ text: yoursLine(view.yours, width), role: 'field' }] : [];
  const count = Math.min(view.best.length, room - yours.length);
  const shown = view.best.slice(0, count);
  // One wording for the keeps, the longest in which every keep shown fits, so that they read alike; a box is named
  // on its own, in full wherever it fits: a long keep beside it is no reason to shorten it.
  const room1 = (c: HintChoice) => width - 1 - len(points1(c.expectedFinal));
  const keeps = shown.filter((c) => c.kind === 'keep');
  const levels = Math.max(1, ...keeps.map((c) => c.labels.length));
  const at = (c: HintChoice, level: number) => c.labels[Math.min(level, c.labels.length - 1)];
  let level = 0;
  while (level < levels - 1 && keeps.some((c) => len(at(c, level)) > room1(c))) level++;
  const labels = (c: HintChoice) => (c.kind === 'keep' ? [at(c, level)] : c.option !== undefined ? c.labels.map((l) => `${c.option} ${l}`) : c.labels);
  // In order, best first, unnumbered: a rank would read as a key to press (a die, an option number). A box's own
  // option number (the Spectrum's) is that key.
  const best = shown.map((c): PanelLine => ({ text: fitLine('', labels(c), points1(c.expectedFinal), width) }));
  const title = [`${view.word}: expected final score`, `${view.word}: final score`, view.word].find((t) => len(t) <= width) ?? view.word;
  const heading: PanelLine[] = room - yours.length - count >= 1 ? [{ text: clip(title, width), role: 'heading' }] : [];
  return [...heading, ...best, ...yours];
}

