import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tests never touch the real home folder: saved games, high scores and the solver cache go to one temporary folder,
 * made before the test files run (they inherit these variables) and removed with everything in it afterwards.
 */
export default function setup(): () => void {
  const home = mkdtempSync(join(tmpdir(), 'yahtzee-test-'));
  Object.assign(process.env, { YAHTZEE_HOME: home, XDG_CACHE_HOME: join(home, 'cache'), XDG_STATE_HOME: join(home, 'state'), XDG_DATA_HOME: join(home, 'data') });
  return () => rmSync(home, { recursive: true, force: true });
}
