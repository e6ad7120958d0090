import {
  DIE_LETTERS,
  MAX_PLAYERS,
  cardSummary,
  upperBonusNeeded,
  currentOptions,
  getRuleSet,
  isFilled,
  rulesOf,
  standings,
  turnNumber,
  type BoxDef,
  type GameState,
} from '../engine/index.js';
import { getLayout, heldWord } from '../app/keymaps/index.js';
import type { StrategyTable } from '../solver/index.js';
import { computerWaiting } from '../app/computer.js';
import { rulesSummary } from '../app/instructions.js';
import { boxForOption, cursorBox, shownRules } from '../app/labels.js';
import { quitQuestion } from '../app/messages.js';
import { hasLanded, type AppModel, type StrategyStatus } from '../app/model.js';
import { computerToMove } from '../app/modes.js';
import { linesPerPage } from '../app/pages.js';
import { MATCH_LIMITS } from '../app/setup.js';
import { SUM_LABELS, isTooSmall, minimumSize } from '../app/size.js';
import { spokenChances } from './chancesLines.js';
import { helpView } from './help.js';
import { hintView } from './hint.js';
import { promptItems, promptLead } from './prompt.js';
import { resultsView } from './results.js';
import { allBestWords, reviewDocument, reviewPage, reviewView, type ReviewEntry, type ReviewView } from './review.js';
import { RESUME_HEADING, RESUME_NOTE, describeSave, resumeFlagsLine } from './resumeWords.js';
import { namedSeatText, setupComputerText, setupMatchLines } from './setupWords.js';
import { statusView } from './status.js';
import { luckLine, signed } from './luck.js';
import { lostText, points1, strategyWords } from './words.js';
import { wrap } from '../text/index.js';

/*
 * The screen for screen readers, as plain lines of words: no box drawing, no pip art, no columns. Each line is a
 * sentence or two that reads well on its own, most useful first: where the game is, what just happened, the dice,
 * what they would score, the scores, and last the keys that work now (from the layout table, as on the prompt line).
 */

const KEY_WORDS: Readonly<Record<string, string>> = {
  '↑↓': 'UP or DOWN arrow',
  '↑': 'UP arrow',
  '↓': 'DOWN arrow',
  '→': 'RIGHT arrow',
  '←': 'LEFT arrow',
  '?': 'question mark',
};

/** A key label of the layout table in words: "↑↓" is "UP or DOWN arrow", "h/?" "h or question mark", "1-5" "1 to 5". */
export function spokenKeys(label: string): string {
  return label
    .split('/')
    .map((part) => KEY_WORDS[part] ?? part.replace(/^([0-9]+|[A-Za-z])-([0-9]+|[A-Za-z])$/, '$1 to $2'))
    .join(' or ');
}

/** The keys that do something now, from promptItems: "Keys: 1 to 5 mark; 0 clear; SPACE roll; ...". */
export function spokenKeysLine(model: AppModel): string {
  const items = promptItems(model);
  if (items.length === 0) return '';
  return `${promptLead(model) === undefined ? 'Keys' : "The host's keys"}: ${items.map((it) => `${spokenKeys(it.keys)} ${it.does}`).join('; ')}.`;
}

/** A text as a sentence: it ends with a full stop unless it already ends with one, "!" or "?". */
function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?]$/.test(t) ? t : `${t}.`;
}

const capital = (text: string) => (text === '' ? text : text[0].toUpperCase() + text.slice(1));

const points = (n: number): string => (n === 1 ? '1 point' : `${n} points`);

function messageLine(model: AppModel): string {
  return model.message ? sentence(model.message.text) : '';
}

function resumeLines(model: AppModel): string[] {
  const q = model.resume;
  if (q === undefined) return [];
  const flags = resumeFlagsLine(q);
  return [`${RESUME_HEADING} ${describeSave(q).join('; ')}.`, ...(flags === null ? [] : [`${flags}.`]), messageLine(model), RESUME_NOTE, spokenKeysLine(model)];
}

function setupLines(model: AppModel): string[] {
  const layout = getLayout(model.layout);
  const s = model.setup;
  const typed = s.field === '' ? 'Nothing typed yet.' : `Typed: ${s.field}`;
  const question: string[] = [];
  switch (s.step) {
    case 'players':
      question.push(`Number of players, 1 to ${MAX_PLAYERS}?`);
      break;
    case 'name':
      question.push(...s.names.map((_, i) => `${namedSeatText(model, i)}.`));
      question.push(
        `Player ${s.names.length + 1}, your name? ${sentence(typed)}` +
          (s.count === undefined && s.names.length > 0 ? ' ENTER on an empty name: no more players.' : ''),
      );
      break;
    case 'match':
      if (s.names.length > 0) question.push(`Players: ${s.names.join(', ')}.`);
      question.push('Type of competition?');
      break;
    case 'number':
      question.push(
        ((s.matchKind ?? 'games') === 'games'
          ? `Number of games, 1 to ${MATCH_LIMITS.games.max}? `
          : `Target score, 1 to ${MATCH_LIMITS.target.max}? `) + sentence(typed),
      );
      break;
  }
  const rules = getRuleSet(model.settings.rules);
  const title = `${layout.title}, ${rules.title}, ${layout.name} keys. Rules: ${rulesSummary(rules)}.`;
  const computer = s.step === 'number' ? null : setupComputerText(model);
  if (computer !== null) question.push(`${computer}.`);
  return [title, ...question, ...setupMatchLines(model), messageLine(model), spokenKeysLine(model)];
}

/**
 * The instructions page in words: the same page as on screen (so the page count matches the keys), headings as
 * lines, a box or key row as "label: text" with its wrapped lines joined, key labels in words.
 */
function helpLines(model: AppModel): string[] {
  const { lines, page, pages } = helpView(model);
  const layout = getLayout(model.layout);
  const keyLabels = new Set(layout.bindings.map((b) => b.label));
  const rowLabel = (label: string) =>
    keyLabels.has(label) ? spokenKeys(label) : layout.boxChoice === 'number' ? label.replace(/^([0-9]+) /, '$1, ') : label;
  const out: string[] = [];
  let last: 'heading' | 'row' | 'para' | null = null;
  for (const line of lines) {
    const indent = /^ */.exec(line.text)?.[0].length ?? 0;
    const text = line.text.trim().replace(/\s{2,}/g, '  ');
    if (text === '') continue;
    const continues =
      !line.heading && ((indent > 3 && last === 'row') || (indent === 0 && last === 'para' && !/[.!?:]$/.test(out[out.length - 1])));
    if (continues) {
      out[out.length - 1] += ` ${text.replace(/\s+/g, ' ')}`;
    } else if (line.heading) {
      out.push(text);
      last = 'heading';
    } else if (indent > 0) {
      const [label, ...rest] = text.split('  ');
      out.push(rest.length > 0 ? `${rowLabel(label)}: ${rest.join(' ')}` : text);
      last = 'row';
    } else {
      out.push(text);
      last = 'para';
    }
  }
  const keys = spokenKeysLine(model);
  return [`Instructions, page ${page + 1} of ${pages}.${keys ? ` ${keys}` : ''}`, ...out];
}

/** "Dice: A 4 kept, B 4 kept, C 2, D 6, E 1." (kept or held only while rolling; the MSX keys 1 to 5 named). */
export function spokenDice(model: AppModel, g: GameState): string {
  const layout = getLayout(model.layout);
  const rolling = g.phase === 'rolling';
  const dice = g.dice.map((d, i) => `${DIE_LETTERS[i]} ${d}${rolling && g.held[i] ? ` ${heldWord(layout)}` : ''}`).join(', ');
  const keys = rolling && layout.dieKeys && !computerToMove(model) ? ` (keys 1 to ${g.dice.length})` : '';
  return `Dice${keys}: ${dice}.`;
}

/**
 * What the dice would score in the open boxes, from the engine's options. While choosing in the Spectrum layout the
 * boxes go with their option numbers. Under a Joker it says which boxes may take the dice and which may not.
 */
export function spokenOptions(model: AppModel, g: GameState): string {
  const rules = shownRules(model, g);
  const options = currentOptions(g);
  const card = g.cards[g.current];
  const numbered = g.phase === 'choosing' && getLayout(model.layout).boxChoice === 'number';
  const allowed: string[] = [];
  const refused: string[] = [];
  for (const b of rules.boxes) {
    if (isFilled(card, b.id)) continue;
    const opt = options.boxes.find((o) => o.box === b.id);
    if (!opt) continue;
    if (opt.allowed) allowed.push(numbered ? `${b.option}, ${b.name}: ${opt.points}` : `${b.name}: ${opt.points}`);
    else refused.push(numbered ? `${b.option}, ${b.name}` : b.name);
  }
  const head = options.joker
    ? numbered
      ? 'Joker: type one of these option numbers, then ENTER'
      : `Joker: these dice may go ${refused.length > 0 ? 'only ' : ''}in`
    : numbered
      ? 'Type the option number, then ENTER'
      : 'Open boxes and what these dice score';
  return (
    `${head}${options.joker && !numbered ? '' : ':'} ${allowed.join(numbered ? '; ' : ', ')}.` +
    (refused.length > 0 ? ` Not allowed now: ${refused.join(numbered ? '; ' : ', ')}.` : '') +
    (options.yahtzeeBonus > 0 ? ` Scoring them also earns a ${SUM_LABELS.yahtzee} of ${options.yahtzeeBonus}.` : '')
  );
}

/** While choosing: the box under the MSX cursor and its score, or the option number typed so far (Spectrum). */
export function spokenChoice(model: AppModel, g: GameState): string {
  if (g.phase !== 'choosing') return '';
  const rules = rulesOf(g);
  const layout = getLayout(model.layout);
  const worth = (box: BoxDef): string => {
    if (isFilled(g.cards[g.current], box.id)) return 'already used';
    const opt = currentOptions(g).boxes.find((o) => o.box === box.id);
    return opt?.allowed ? points(opt.points) : 'not allowed now';
  };
  if (layout.boxChoice === 'number') {
    if (model.option === '') return '';
    const box = boxForOption(model, g, Number(model.option));
    if (!box) return `Typed ${model.option}, which is no option: type 1 to ${rulesOf(g).boxes.length}.`;
    const allowed = currentOptions(g).boxes.find((o) => o.box === box.id)?.allowed === true;
    return `Typed ${model.option}: ${box.name}, ${worth(box)}.${allowed ? ' ENTER scores it.' : ''}`;
  }
  const cursor = cursorBox(model, g);
  const box = rules.boxes.find((b) => b.id === cursor);
  return box ? `Cursor on ${box.name}: ${worth(box)}.` : '';
}

/** The scores: the player whose turn it is in full (upper section and bonuses), the others' totals. */
export function spokenScores(g: GameState): string {
  const rules = rulesOf(g);
  const playing = g.phase !== 'gameOver';
  const parts = g.players.map((p, i) => {
    const s = cardSummary(g, i);
    let text = `${p.name} total ${s.total}`;
    if (playing && i === g.current) {
      if (rules.upperBonus) {
        const reach = upperBonusNeeded(rules, g.cards[i]) === null ? ', out of reach' : '';
        text +=
          s.upperBonus > 0
            ? `, upper ${s.upperSubtotal}, bonus ${s.upperBonus} earned`
            : `, upper ${s.upperSubtotal} of ${rules.upperBonus.threshold} for the bonus${reach}`;
      }
      if (s.yahtzeeBonus > 0) text += `, ${SUM_LABELS.yahtzee} ${s.yahtzeeBonus}`;
    }
    return `${text}.`;
  });
  return parts.join(' ');
}

/** The boxes the current player has filled and their scores, or '' before the first. */
export function spokenFilled(g: GameState): string {
  const card = g.cards[g.current];
  const filled = rulesOf(g).boxes.filter((b) => isFilled(card, b.id));
  if (filled.length === 0) return '';
  return `${g.players[g.current].name}'s filled boxes: ${filled.map((b) => `${b.name}: ${card.boxes[b.id]}`).join(', ')}.`;
}

/** The strategy table's state in plain words: "computing the strategy table, 45 percent done" ("its" for the computer's). */
export function spokenStrategy(status: StrategyStatus, whose: 'the' | 'its' = 'the'): string {
  switch (status.status) {
    case 'loading':
      return `computing ${whose} strategy table${status.total > 0 ? `, ${Math.floor((100 * status.done) / status.total)} percent done` : ''}`;
    case 'failed':
      return `there is no strategy table: ${status.error}`;
    default:
      return `loading ${whose} strategy table`;
  }
}

/** What a choice loses against the best (the hint panel's "best", "-2.3", "not allowed") in words. */
function lossWords(right: string): string {
  if (right === 'best') return 'the best choice';
  if (right === 'not allowed') return 'not allowed now';
  if (right === 'already used') return right;
  return `${right.replace(/^-/, '')} points below the best`;
}

/**
 * The hint panel in words, when it is up: the best choices now with the final score each is expected to reach,
 * then what the choice on screen (the marks or holds, the box under the cursor, the option typed) would lose; or,
 * while there is no table for the position, that it is being computed and how far.
 */
export function spokenHint(model: AppModel, table: StrategyTable | undefined): string[] {
  const view = hintView(model, table);
  if (view === null) return [];
  if (view.status === 'waiting') return [`Hint: ${spokenStrategy(model.strategy)}.`];
  // The panel's longest wording of each choice, its colon a comma ("keep 6 6 5, mark 1 2 4, reroll 2 dice"): the
  // colon comes after it, before the score.
  const words = (labels: readonly string[]) => (labels[0] ?? '').replace(': ', ', ');
  const best = view.best.map((c) => `${c.option !== undefined ? `option ${c.option}, ` : ''}${words(c.labels)}: ${points1(c.expectedFinal)}`);
  const lines = [`Hint, the best choices and the final score each is expected to reach: ${best.join('; ')}.`];
  const yours = view.yours;
  const what = yours ? words(yours.labels) : '';
  if (yours && what !== '' && yours.right !== '') lines.push(`${yours.whose === null ? 'Your' : `${yours.whose}'s`} choice now, ${what}: ${lossWords(yours.right)}.`);
  return lines;
}

function gameLines(model: AppModel, g: GameState, table: StrategyTable | undefined): string[] {
  const status = statusView(model);
  const head = [status.title, status.rules, status.match].filter((s) => s !== '').join(', ');
  if (g.phase === 'gameOver') return gameOverLines(model, g, `${status.title}, ${status.rules}.`, table);
  const rules = rulesOf(g);
  const p = g.players[g.current];
  const computer = computerToMove(model);
  const landed = hasLanded(model);
  const where =
    `${p.name}'s turn ${turnNumber(g)} of ${rules.boxes.length}, ${status.roll}` +
    (computer ? ', the computer is playing' : g.phase === 'choosing' ? ', choose a box' : '');
  const match =
    g.results.length > 0 ? `Match points, this game included: ${standings(g).map((s) => `${s.name}: ${s.matchTotal}`).join(', ')}.` : '';
  const thinking = computer && computerWaiting(model, table) ? `${p.name} is thinking: ${spokenStrategy(model.strategy, 'its')}.` : '';
  return [
    `${head}. ${where}.`,
    messageLine(model),
    thinking,
    // What the roll brought is said when the dice land.
    landed ? spokenDice(model, g) : 'The dice are rolling.',
    computer || !landed ? '' : spokenChoice(model, g),
    computer || !landed ? '' : spokenOptions(model, g),
    ...(computer || !landed ? [] : spokenHint(model, table)),
    spokenChances(model),
    spokenScores(g),
    computer ? '' : spokenFilled(g),
    match,
    spokenKeysLine(model),
  ];
}

/** The review's state when it is not ready, in words: the strategy table it waits for, or why there is none. */
function reviewWaiting(model: AppModel, view: ReviewView): string {
  return view.waiting === strategyWords(model.strategy) ? `Review: ${spokenStrategy(model.strategy)}.` : sentence(capital(view.waiting));
}

/** After a game, as under the results on screen: each person's expected points lost against optimal play, or what the review waits for. */
export function spokenReviewSummary(model: AppModel, table: StrategyTable | undefined): string {
  const view = reviewView(model, table);
  if (view === null) return '';
  if (view.status === 'waiting') return reviewWaiting(model, view);
  const lost = `Against optimal play: ${view.people.map((p) => `${p.name} ${lostText(p.loss)}`).join(', ')}.`;
  return view.people.every((p) => p.split !== null) ? `${lost} ${spokenLuck(view)}` : lost;
}

const PLACES = ['first', 'second', 'third', 'fourth'];

function gameOverLines(model: AppModel, g: GameState, title: string, table: StrategyTable | undefined): string[] {
  const results = resultsView(model);
  if (results === null) return [];
  const heading = capital(results.heading.toLowerCase());
  const totals = g.players.map((p, i) => `${p.name}: ${cardSummary(g, i).total}`).join(', ');
  const standingsLine =
    results.standings.length === 0
      ? ''
      : results.standingsKind === 'game'
        ? `Places: ${results.standings.map((s) => `${PLACES[s.place - 1]}, ${s.name}, ${points(s.total)}`).join('; ')}.`
        : `Standings, best first: ${results.standings
            // The games won only where they decide the match, as on the screen.
            .map((s) => (results.standingsKind === 'games' ? `${s.name} won ${s.won}${s.tied > 0 ? `, tied ${s.tied}` : ''}, ${points(s.total)}` : `${s.name}, ${points(s.total)}`))
            .join('; ')}.`;
  return [
    `${title} ${sentence(heading)}`,
    messageLine(model),
    ...results.lines.map((l) => sentence(capital(l))),
    `${g.match.kind === 'single' ? 'Final scores' : 'This game'}: ${totals}.`,
    standingsLine,
    spokenReviewSummary(model, table),
    spokenKeysLine(model),
  ];
}

/** What the dice gave each person, as under the results: "The dice: ANN +23.4, BOB -3.1." */
function spokenLuck(view: ReviewView): string {
  return `The dice: ${view.people.map((p) => `${p.name}: ${p.split === null ? 'not known' : signed(p.split.luck)}`).join(', ')}.`;
}

/** An entry of the review document in words. */
function reviewSentence(e: ReviewEntry): string {
  switch (e.kind) {
    case 'title':
      return 'Expected points lost against optimal play.';
    case 'person':
      return `${e.person.name} ${lostText(e.person.loss)} in ${e.person.decisions} ${e.person.decisions === 1 ? 'decision' : 'decisions'}.`;
    case 'luck':
      return sentence(capital(luckLine(e.person.split, Infinity, e.person.splitProblem, e.person.you)));
    case 'decision':
      return `Turn ${e.item.turn}, roll ${e.item.roll}: ${e.item.chosen}, ${lostText(e.item.loss)}. Best: ${e.item.best}.`;
    case 'all-best':
      return sentence(capital(allBestWords(e.takeBacks)));
  }
}

/**
 * The review page in words: which page of how many and the key that goes on, then what the page shows on screen:
 * each person's expected points lost against optimal play, and their costliest decisions with the best choice.
 * A sentence is read on the page where its line is drawn, so the pages match the ones the keys turn through.
 */
export function spokenReview(model: AppModel, table: StrategyTable | undefined): string[] {
  const { page, pages } = reviewPage(model, table);
  const keys = spokenKeysLine(model);
  const head = `Review, page ${page + 1} of ${pages}.${keys ? ` ${keys}` : ''}`;
  const view = reviewView(model, table);
  if (view === null) return [head, 'Nothing to review.'];
  if (view.status === 'waiting') return [head, reviewWaiting(model, view)];
  // Each sentence stands where the review page draws its line (reviewDocument).
  const said = reviewDocument(view, model).map((e) => ({ line: e.line, text: reviewSentence(e) }));
  const per = linesPerPage(model.size.rows);
  return [head, ...said.filter((s) => Math.floor(s.line / per) === page).map((s) => s.text)];
}

/**
 * The screen in words for a screen reader, one sentence or short list per line, no drawing: the resume question, the setup questions,
 * the game (status, message, dice, choice, what the dice score, the hint, the chances to win, scores, filled boxes, keys), the
 * instructions, the quit question, the results and the review. `table` is the strategy table the app has, for the
 * hint and the review. Empty lines are left out.
 */
export function spokenLines(model: AppModel, table?: StrategyTable): string[] {
  if (model.screen === 'done') return [];
  let lines: string[];
  if (isTooSmall(model)) {
    const need = minimumSize(model);
    lines = [`The terminal is too small: make it at least ${need.columns} columns by ${need.rows} rows. Ctrl-C quits.`, spokenKeysLine(model)];
  } else if (model.overlay === 'help') {
    lines = helpLines(model);
  } else if (model.overlay === 'review') {
    lines = spokenReview(model, table);
  } else if (model.screen === 'resume') {
    lines = resumeLines(model);
  } else if (model.screen === 'setup') {
    lines = setupLines(model);
  } else if (model.game === null) {
    lines = [];
  } else if (model.overlay === 'confirm') {
    const g = model.game;
    const question = quitQuestion(model);
    lines = [
      question,
      model.message?.text === question ? '' : messageLine(model),
      `${g.phase === 'gameOver' ? 'Final scores' : 'Scores now'}: ${g.players.map((p, i) => `${p.name}: ${cardSummary(g, i).total}`).join(', ')}.`,
      spokenKeysLine(model),
    ];
  } else {
    lines = gameLines(model, model.game, table);
  }
  return lines.filter((l) => l.trim() !== '');
}

/**
 * A spoken line broken to `width` columns for the terminal: after a list separator ("; ", else ", ", else ". ") when
 * one falls in the last quarter of the line, so that "Small straight: 30" stays on one line; else between words. No
 * line starts with a space.
 */
export function wrapSpoken(line: string, width: number): string[] {
  const text = line.trim();
  return text === '' ? [] : wrap(text, Math.max(10, Math.floor(width)), { after: [';', ',', '.'], long: 'cut' });
}

/** The spoken lines as the terminal shows them: each broken to the terminal's width by wrapSpoken. */
export function spokenScreenLines(model: AppModel, table?: StrategyTable): string[] {
  return spokenLines(model, table).flatMap((line) => wrapSpoken(line, model.size.columns));
}
