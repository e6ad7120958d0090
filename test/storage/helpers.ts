import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { getRuleSet, legalBoxes, possibleScores, newGame, reduce, type Action, type Card, type GameState, type Player, type RuleSetId } from '../../src/engine/index.js';
import type { StorageDirs } from '../../src/storage/paths.js';

const made: string[] = [];

// Removed asynchronously, with retries: a save still in flight when a test ends (one a flush overtook) creates and then
// deletes its temporary file, and a synchronous removal that meets that file between its steps fails with ENOTEMPTY.
afterEach(async () => {
  for (const dir of made.splice(0)) await fsp.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
});

/** A fresh temporary folder, removed after the test. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yahtzee-storage-'));
  made.push(dir);
  return dir;
}

/** Storage folders inside a fresh temporary folder (state and data apart, as on Linux). */
export function tempDirs(): StorageDirs {
  const root = tempDir();
  return { state: path.join(root, 'state'), data: path.join(root, 'data') };
}

/** The files in a folder, sorted (none when it does not exist). */
export function filesIn(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Applies an action that must be accepted. */
export function act(state: GameState, action: Action): GameState {
  const r = reduce(state, action);
  if (!r.ok) throw new Error(`refused ${JSON.stringify(action)}: ${r.error}`);
  return r.state;
}

/** A new seeded game: Ann (human) and Bob (computer) unless other players are given. */
export function startGame(seed = 11, rules: RuleSetId = 'official', players: Player[] = [{ name: 'Ann', kind: 'human' }, { name: 'Bob', kind: 'computer', strength: 'casual' }]): GameState {
  return newGame({ players, seed, rules });
}

/** Scores the first legal box `turns` times (turns of any seat). */
export function scoreTurns(state: GameState, turns: number): GameState {
  let s = state;
  for (let i = 0; i < turns && s.phase !== 'gameOver'; i++) s = act(s, { type: 'score', box: legalBoxes(s)[0].id });
  return s;
}

/** Plays the game to its end by scoring the first legal box each turn. */
export function finishGame(state: GameState): GameState {
  return scoreTurns(state, 13 * 4);
}

/** A complete card: every box at its lowest possible score (0, or 5 in Chance), then `boxes` on top. */
export function fullCard(rules: RuleSetId, boxes: Record<string, number> = {}, yahtzeeBonuses = 0): Card {
  const all: Record<string, number> = {};
  for (const b of getRuleSet(rules).boxes) all[b.id] = Math.min(...possibleScores(b.scoring));
  return { boxes: { ...all, ...boxes }, yahtzeeBonuses };
}

/** A complete official card worth `total`, 5 to 55 (Chance, plus 25 in Full house above 30). */
export function cardWorth(total: number): Card {
  return total <= 30 ? fullCard('official', { chance: total }) : fullCard('official', { fullHouse: 25, chance: total - 25 });
}
