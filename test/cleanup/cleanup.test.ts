import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'yahtzee-cleanup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a vitest run of this project', () => {
  it('leaves no yahtzee-test-* folder in $TMPDIR and no raw ESC[?25h in the reporter output, even after drawing on a fake terminal', () => {
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const r = spawnSync(process.execPath, [vitest, 'run', '--config', 'test/cleanup/vitest.fixture.config.ts'], {
      cwd: root,
      encoding: 'utf8',
      // Not as CI: Ink draws on a terminal (and hides its cursor) only outside CI.
      env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'CI' && k !== 'CONTINUOUS_INTEGRATION')), TMPDIR: tmp },
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 passed/);
    expect(r.stdout + r.stderr).not.toContain('\u001B[?25h');
    expect(readdirSync(tmp)).toEqual([]);
  }, 60000);
});
