import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const launcher = fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));
const clone = mkdtempSync(join(tmpdir(), 'yahtzee-unbuilt-'));
afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe('a clone that was never built', () => {
  it('node bin/yahtzee.js says in one line to run npm install first, exit 1, no stack trace', () => {
    mkdirSync(join(clone, 'bin'));
    copyFileSync(launcher, join(clone, 'bin', 'yahtzee.js'));
    copyFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), join(clone, 'package.json'));
    const r = spawnSync(process.execPath, [join(clone, 'bin', 'yahtzee.js'), '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`yahtzee: the game is not built yet: run "npm install" (or "npm run build") first (in ${clone}/)\n`);
  });
});
