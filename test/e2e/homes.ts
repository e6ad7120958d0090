import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { TerminalSession } from './terminal.js';

/**
 * Games of the real binary, each in a home folder of its own made for the test: after each test the games are stopped
 * (woken first, in case one was suspended) and waited for, at most 2 s each, before their folders go, since a game
 * still exiting saves there. `prefix` names the folders (yahtzee-e2e-<prefix>-...).
 */
export function gameHomes(prefix: string) {
  const sessions: TerminalSession[] = [];
  const homes: string[] = [];
  afterEach(async () => {
    const ended = sessions.splice(0).map((s) => {
      try {
        s.proc.kill('SIGCONT');
      } catch {
        // already gone
      }
      s.dispose();
      return Promise.race([s.exited, new Promise((r) => setTimeout(r, 2000))]);
    });
    await Promise.all(ended);
    for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A new, empty home folder, removed after the test. */
    home(): string {
      const dir = mkdtempSync(join(tmpdir(), `yahtzee-e2e-${prefix}-`));
      homes.push(dir);
      return dir;
    },
    /** The game started with `args` and YAHTZEE_HOME=dir (and `env`; or `command` with `args`), stopped after the test. */
    start(dir: string, args: readonly string[], env: Record<string, string> = {}, size: { cols?: number; rows?: number; command?: string } = {}): TerminalSession {
      const t = new TerminalSession([...args], { env: { YAHTZEE_HOME: dir, ...env }, ...size });
      sessions.push(t);
      return t;
    },
  };
}
