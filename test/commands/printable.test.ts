import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../e2e/terminal.js';

const root = mkdtempSync(join(tmpdir(), 'yahtzee-printable-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// eslint-disable-next-line no-control-regex -- the check is for control characters
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('a path from the environment with an escape sequence in it (YAHTZEE_HOME)', () => {
  it('solve says where the table was saved and loaded from with the escape shown, never sent', () => {
    const home = join(root, 'home\u001b]0;pwned\u0007\u001b[2J');
    mkdirSync(home);
    const run = () => spawnSync(process.execPath, [BIN, 'solve', '--rules', 'brazilian'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, YAHTZEE_HOME: home } });
    for (const [r, how] of [
      [run(), 'saved to'],
      [run(), 'loaded from'],
    ] as const) {
      expect(r.status).toBe(0);
      expect(r.stdout).toContain(`${how} ${join(root, 'home\\u{1b}]0;pwned\\u{7}\\u{1b}[2J')}`);
      expect(r.stdout + r.stderr).not.toMatch(CONTROL);
    }
  });
});
