/** The real binary: what the player had typed (the MSX cursor, a half-typed Spectrum option) survives Ctrl-C and a resume. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEYS, TerminalSession } from './terminal.js';

const sessions: TerminalSession[] = [];
const homes: string[] = [];
afterEach(async () => {
  const ended = sessions.splice(0).map((s) => {
    s.dispose();
    return Promise.race([s.exited, new Promise((r) => setTimeout(r, 2000))]);
  });
  await Promise.all(ended);
  for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(dir: string, args: string[]): TerminalSession {
  const t = new TerminalSession(args, { env: { YAHTZEE_HOME: dir } });
  sessions.push(t);
  return t;
}
const home = () => {
  const dir = mkdtempSync(join(tmpdir(), 'yahtzee-e2e-typed-'));
  homes.push(dir);
  return dir;
};

describe('resume is exact for what was typed', () => {
  it('MSX: the cursor moved to Fours is on Fours after Ctrl-C and --resume', async () => {
    const dir = home();
    const first = start(dir, ['--seed', '21', '--players', '1', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('i');
    await first.waitFor(/▶Aces/);
    for (const k of [KEYS.down, KEYS.down, KEYS.down]) first.write(k);
    await first.waitFor(/▶Fours/);
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);
    expect(JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).ui.cursor).toBe('fours');
    const again = start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    expect(await again.screen()).toMatch(/▶Fours/);
  });

  it('Spectrum: a half-typed option 1 is still there after Ctrl-C and --resume; 3 and ENTER score option 13', async () => {
    const dir = home();
    const first = start(dir, ['--seed', '21', '--layout', 'spectrum', '--names', 'ANN', '--games', '1', '--no-animation']);
    await first.waitFor('roll 1 of 3');
    first.write('0');
    await first.waitFor(/OPTION \(1-13\)\? _/);
    first.write('1');
    await first.waitFor(/OPTION \(1-13\)\? 1_/);
    first.write(KEYS.ctrlC);
    expect((await first.exited).exitCode).toBe(130);
    expect(JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8')).ui.option).toBe('1');
    const again = start(dir, ['--resume', '--no-animation']);
    await again.waitFor('Welcome back');
    expect(await again.screen()).toMatch(/OPTION \(1-13\)\? 1_/);
    again.write('3');
    again.write('\r');
    await again.waitFor(/ANN scored \d+ in Chance/);
  });
});
