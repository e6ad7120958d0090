/**
 * Five alike, celebrated and explained: the rule set's name for it shouted ("YAHTZEE!", "GENERAL!"; "Yatzee!" on the
 * Spectrum) on the message line when a roll brings five alike, and when a Joker applies, before the player chooses,
 * which boxes it allows and the bonus the dice earn when scored.
 */
import { currentOptions, getRuleSet, isFilled, rulesOf, yahtzeeBox, type GameState } from '../engine/index.js';
import { announceRoll, type AppModel, type Message } from './model.js';
import { listWords, textWidth } from '../text/index.js';

/**
 * The word shouted on five alike: the rule set's name for the box (Yahtzee, Yatzee, General), in capitals with the MSX
 * keys, as written with the Spectrum's (whose own screen wrote YATZEE in its own letters).
 */
export function yahtzeeWord(model: AppModel): string {
  const name = yahtzeeBox(getRuleSet(model.settings.rules))?.name ?? 'Yahtzee';
  return model.layout === 'spectrum' ? `${name}!` : `${name.toUpperCase()}!`;
}

/** True when the dice of the player to move are five alike (in a game in play). */
export function fiveAlike(g: GameState | null): g is GameState {
  return g !== null && g.phase !== 'gameOver' && g.rollsUsed > 0 && g.dice.every((d) => d === g.dice[0]);
}

/** The boxes a Joker lets the dice go in, in words, the clearest first: their names, or "any open box" when that is what they are. */
function jokerPlaces(g: GameState): string[] {
  const rules = rulesOf(g);
  const card = g.cards[g.current];
  const options = currentOptions(g);
  const allowed = rules.boxes.filter((b) => options.boxes.some((o) => o.box === b.id && o.allowed));
  const open = rules.boxes.filter((b) => !isFilled(card, b.id));
  const names = allowed.map((b) => b.name);
  const list = names.length === 0 ? 'no box' : listWords(names, 'or');
  const lowerOnly = allowed.every((b) => b.section === 'lower');
  const summary = allowed.length === open.length ? 'any open box' : lowerOnly && allowed.length === open.filter((b) => b.section === 'lower').length ? 'any open lower box' : `${allowed.length} boxes`;
  // All the open boxes (or all the open lower ones): saying so is clearer than naming them all.
  if (names.length <= 1) return [list];
  return summary.startsWith('any ') && names.length > 2 ? [summary, list] : [list, summary];
}

/**
 * The message for five alike on the dice of the player to move, the first wording (the fullest) that fits `width`; null when
 * the dice are not five alike. With a Joker: the boxes it allows and the bonus coming ("+100").
 */
export function yahtzeeNotice(model: AppModel, width = model.size.columns - 2): Message | null {
  const g = model.game;
  if (!fiveAlike(g)) return null;
  const word = yahtzeeWord(model);
  const rules = rulesOf(g);
  const options = currentOptions(g);
  const box = yahtzeeBox(rules);
  const bonus = options.yahtzeeBonus;
  let wordings: string[];
  if (options.joker) {
    const places = jokerPlaces(g);
    // The bonus is the dice's only once they are scored: rolled again, they may be five alike no more.
    const coming = bonus > 0 ? [`a Yahtzee bonus of ${bonus} when scored`, `+${bonus} bonus`, `+${bonus}`] : [''];
    const may = places.length === 1 ? 'must' : 'may';
    wordings = places.flatMap((p) =>
      coming.flatMap((c) => [
        `${word} ${c ? `${c[0].toUpperCase()}${c.slice(1)}. ` : ''}Joker: these dice ${may} go in ${p}`,
        `${word} ${c ? `${c[0].toUpperCase()}${c.slice(1)}. ` : ''}Joker: ${p}`,
      ]),
    );
  } else {
    const open = box !== undefined && !isFilled(g.cards[g.current], box.id);
    wordings = [
      open && box ? `${word} Five ${g.dice[0]}s: ${box.name} scores ${options.boxes.find((o) => o.box === box.id)?.points ?? 0}` : '',
      ...(bonus > 0 ? [`${word} Five ${g.dice[0]}s, and a bonus of ${bonus}`, `${word} +${bonus} bonus`] : []),
      `${word} Five ${g.dice[0]}s`,
      word,
    ].filter((w) => w !== '');
  }
  const text = wordings.find((w) => textWidth(w) <= width) ?? wordings[wordings.length - 1];
  return { text, tone: 'info' };
}

/**
 * The model after a roll, with the five-alike notice for when the dice land (unchanged when not five alike). When
 * the move that rolled also said something (the last player's score, as the next turn's first roll comes with it),
 * both are kept where the line has room for both in full: "ANN scored 25 in Full house · BOB: YAHTZEE! Five 3s …".
 */
export function withYahtzeeNotice(model: AppModel): AppModel {
  const notice = yahtzeeNotice(model);
  if (notice === null) return model;
  const said = model.message;
  const g = model.game;
  if (said !== null && said.tone === 'info' && g !== null) {
    const lead = `${said.text} · ${g.players[g.current].name}: `;
    const width = model.size.columns - 2;
    const both = yahtzeeNotice(model, width - textWidth(lead));
    // Only in the notice's own wording: what a Joker allows matters more than the last score.
    if (both !== null && both.text === notice.text && textWidth(lead + both.text) <= width) return announceRoll(model, { text: lead + both.text, tone: 'info' });
  }
  return announceRoll(model, notice);
}
