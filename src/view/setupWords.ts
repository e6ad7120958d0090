/** The setup screen's words: who the computer plays, and what decides the match. */
import { MAX_PLAYERS, type Strength } from '../engine/index.js';
import { listWords } from '../text/index.js';
import type { AppModel } from '../app/model.js';
import { computerByName, computerNameIn, isComputerName, seatSplit, seatsFor } from '../app/setup.js';
import { bindingsFor, getLayout, type Binding } from '../app/keymaps/index.js';
import { matchRuleText } from './words.js';

/** A strength as the setup says it: `win` with what it means. */
function strengthWords(strength: Strength): string {
  return strength === 'win' ? 'win (plays to win)' : strength;
}

/** A seat named so far at the name question, "Player 2: SPECTRUM (the computer)" where the name seats the computer. */
export function namedSeatText(model: AppModel, i: number): string {
  const name = model.setup.names[i];
  return `Player ${i + 1}: ${name}${computerByName(model) && isComputerName(name) ? ' (the computer)' : ''}`;
}

/** The setup screen's line about the computer players, or null when there is nothing to say at this question. */
export function setupComputerText(model: AppModel): string | null {
  const s = model.setup;
  if (s.step === 'players') {
    if (s.computers === 0) return 'Computer: no seat';
    const seats = s.computers >= MAX_PLAYERS ? 'every seat' : s.computers === 1 ? 'the last seat' : `the last ${s.computers} seats`;
    return `Computer: ${seats}, ${strengthWords(s.strength)}`;
  }
  if (s.step === 'name') {
    const { computers, people } = seatSplit(s);
    if (computers === 0) return computerByName(model) ? `Name a player ${computerNameIn(model)}: the computer` : null;
    if (s.count === undefined) return `Computer: ${computers === 1 ? 'a seat' : `${computers} seats`} after the players named, ${strengthWords(s.strength)}`;
    return `Computer: ${computers === 1 ? `seat ${people + 1}` : `seats ${people + 1}-${s.count}`}, ${strengthWords(s.strength)}`;
  }
  if (s.step === 'match') {
    const seats = seatsFor(s.names, s.computers, s.strength, computerByName(model)).flatMap((p) => (p.kind === 'computer' ? [p.name] : []));
    if (seats.length === 0) return null;
    return `Computer: ${listWords(seats)}, ${strengthWords(s.strength)}`;
  }
  return null;
}

/** What decides a match of this kind, for the competition and number questions (the number not known yet). */
export const MATCH_KIND_RULES: Record<'games' | 'target', string> = {
  games: 'the most games won wins the match; level on games, the higher total; level on both, a tie',
  target: 'the match ends after the round in which a total over the games reaches the score; the highest total then wins',
};

/** The key that answers the competition question with this kind of match (the Spectrum's F or P, the MSX's g or t). */
function matchKey(model: AppModel, kind: 'games' | 'target'): string {
  const chooses = (b: Binding) => {
    const action = b.action(b.keys[0], 0);
    return action.type === 'choose-match' && action.kind === kind;
  };
  return bindingsFor(getLayout(model.layout), 'setup-match').find(chooses)?.label ?? '?';
}

/**
 * The setup screen's lines on what decides the match: the match of the flags (or chosen), or at the competition
 * questions each kind's rule.
 */
export function setupMatchLines(model: AppModel): string[] {
  const s = model.setup;
  if (s.step === 'match') return [`${matchKey(model, 'games')}: ${MATCH_KIND_RULES.games}.`, `${matchKey(model, 'target')}: ${MATCH_KIND_RULES.target}.`];
  if (s.step === 'number') {
    const text = MATCH_KIND_RULES[s.matchKind ?? 'games'];
    return [`${text[0].toUpperCase()}${text.slice(1)}.`];
  }
  const match = model.settings.match;
  return match ? [`Match: ${matchRuleText(match)}`] : [];
}
