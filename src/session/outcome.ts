import type { SaveOutcome } from '../app/index.js';
import { hasScored, isMatchComplete } from '../engine/index.js';
import { matchIdOf, type Autosave } from '../storage/autosave.js';
import { readTextFile } from '../storage/files.js';
import type { StorageDirs } from '../storage/paths.js';
import { previousPath, readSaveFile, savePath } from '../storage/saves.js';

/**
 * What the last save (the autosave's flush, which found `flushProblem`) did, for the farewell: saved where, or not and
 * why, and what is kept on disk. `resumedAt` is when the resumed save was written (null for a new game).
 */
export function saveOutcome(dirs: StorageDirs, autosave: Autosave, flushProblem: string | null, resumedAt: string | null = null): SaveOutcome {
  const state = autosave.state;
  if (state === null) {
    if (flushProblem !== null) return notSaved(dirs, flushProblem, resumedAt);
    // Left before a new game began (at its setup): a game set aside for it comes back all the same.
    const setAside = readSaveFile(previousPath(dirs));
    return setAside === null ? { kind: 'nothing' } : { kind: 'earlier-kept', path: previousPath(dirs), savedAt: setAside.savedAt, started: false };
  }
  const over = state.phase === 'gameOver' && isMatchComplete(state.match, state.results);
  // A finished, recorded match has nothing left to save (a save it could not remove is said on the message line).
  if (over && !autosave.unrecorded()) return { kind: 'nothing' };
  // A new game left before it scored gives way to the game it set aside (storage/saves.ts loadGame).
  const earlier = hasScored(state) ? null : readSaveFile(previousPath(dirs));
  if (earlier !== null) return { kind: 'earlier-kept', path: previousPath(dirs), savedAt: earlier.savedAt, started: true };
  if (flushProblem !== null && over) return { kind: 'result-lost', reason: flushProblem };
  if (flushProblem !== null) return notSaved(dirs, flushProblem, resumedAt, autosave.match);
  if (over) return { kind: 'result-kept', path: savePath(dirs), reason: autosave.scoresProblem ?? 'the high score file could not be written' };
  return { kind: 'saved', path: savePath(dirs) };
}

/**
 * A save that failed: what the save file on disk holds now, if it is a game (read only, never moved), and whether it
 * is another match's (`match`: this one's id; a copy that could not take the folder's lock may share it with another).
 */
function notSaved(dirs: StorageDirs, reason: string, resumedAt: string | null, match?: string): SaveOutcome {
  const file = savePath(dirs);
  const kept = readSaveFile(file);
  const theirs = matchIdOf(kept?.ui);
  if (kept !== null && match !== undefined && theirs !== undefined && theirs !== match) return { kind: 'not-saved', reason, kept: { path: file, savedAt: kept.savedAt, another: true } };
  if (kept !== null) return { kind: 'not-saved', reason, kept: { path: file, savedAt: kept.savedAt } };
  const read = readTextFile(file);
  return { kind: 'not-saved', reason, kept: resumedAt !== null && read.kind === 'text' ? { path: file, savedAt: resumedAt } : null };
}
