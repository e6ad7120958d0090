/** The resume question's words: a saved game described in a few lines. */
import { standingWords, type ResumeQuestion } from '../app/index.js';
import { getLayout } from '../app/keymaps/index.js';
import { cardSummary, rulesOf } from '../engine/index.js';
import { fitText, listWords, localStamp } from '../text/index.js';
import { matchText } from './words.js';

/**
 * The lines that describe a saved game on the resume question (the match's standing too, after its first game), its
 * keys named: a resume plays on in the saved game's layout, which may not be the one the command asked for.
 */
export function describeSave({ state, savedAt, layout, practice }: Pick<ResumeQuestion, 'state' | 'savedAt' | 'layout' | 'practice'>): string[] {
  const rules = rulesOf(state);
  const turn = Math.min(Object.keys(state.cards[state.current].boxes).length + 1, rules.boxes.length);
  const scores = state.players.map((p, i) => `${p.name}: ${cardSummary(state, i).total}`).join(' · ');
  const where =
    state.phase === 'gameOver' ? 'between two games of the match' : `${state.players[state.current].name}'s turn, turn ${turn} of ${rules.boxes.length}`;
  // After a match's first game, where the match stands: what decides it (games won, or the totals over the games).
  const standing = standingWords(state, ' · ');
  return [`${rules.title} · ${getLayout(layout).name} keys${practice === true ? ' · practice' : ''}${matchText(state) ? ` · ${matchText(state)}` : ''}`, scores, ...(standing === null ? [] : [standing]), where, `saved ${localStamp(savedAt)}`];
}

/**
 * The line that tells the flags given for a new game do nothing to a resume, or null when none was given; fitted to
 * `width` in whole wordings (the flags kept first), or in full without one (the spoken screen).
 */
export function resumeFlagsLine({ flags }: ResumeQuestion, width?: number): string | null {
  if (flags.length === 0) return null;
  const which = `${listWords(flags)} ${flags.length === 1 ? 'applies' : 'apply'} only to a new game`;
  const full = `${which}: the saved game keeps its own players, rules and match`;
  return width === undefined ? full : fitText([full, `${which}; the saved one keeps its own`, which, `${listWords(flags)}: for a new game only`], width);
}

/** The resume question's heading. */
export const RESUME_HEADING = 'A saved game is waiting:';

/** What a new game does to the saved one, said under the resume question's keys. */
export const RESUME_NOTE = 'A new game keeps the saved one until the new game scores its first box.';
