import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { joinTable } from '../e2e/ssh.js';
import { TerminalSession } from '../e2e/terminal.js';
import { KEYS } from '../support/keys.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'yahtzee-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * This process's environment without npm's own variables (npm test sets npm_config_prefix and others), with a cache
 * of its own: what a user's shell would give npm, and nothing taken from or left in the real cache.
 */
function userEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k)) env[k] = v;
  return { ...env, npm_config_cache: join(work, 'cache'), npm_config_update_notifier: 'false' };
}

interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

/** `npm pack` of the project as built (the build ran already: prepack would rebuild dist/ under the other tests). */
function pack(): Packed {
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, env: userEnv(), encoding: 'utf8' });
  return (JSON.parse(out) as Packed[])[0];
}

describe('the package, packed and installed as a user would', () => {
  let packed: Packed;
  const prefix = join(work, 'prefix');
  const bin = join(prefix, 'bin', 'yahtzee');

  it('the tarball holds bin/, dist/ (no source maps, no devtools), README.md, LICENSE and package.json', () => {
    packed = pack();
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain('bin/yahtzee.js');
    expect(paths).toContain('dist/cli.js');
    expect(paths).toContain('dist/chunks/jobThread.js');
    expect(paths.filter((p) => !/^(bin\/|dist\/)/.test(p)).sort()).toEqual(['LICENSE', 'README.md', 'package.json']);
    expect(paths.filter((p) => p.endsWith('.map') || /devtools/i.test(p))).toEqual([]);
  }, 60000);

  it('installs offline into an empty prefix: one package, no dependency, no warning, no script', () => {
    const folder = join(work, 'empty');
    mkdirSync(folder);
    const r = spawnSync('npm', ['install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix, join(work, packed.filename)], { cwd: folder, env: userEnv(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/added 1 package/);
    expect(r.stderr).toBe('');
    const installed = join(prefix, 'lib', 'node_modules');
    expect(readdirSync(installed)).toEqual(['msx-yahtzee']);
    expect(existsSync(join(installed, 'msx-yahtzee', 'node_modules'))).toBe(false);
    expect(existsSync(bin)).toBe(true);
  }, 120000);

  it('the installed yahtzee answers --version and scores a roll', () => {
    const env = { ...userEnv(), YAHTZEE_HOME: join(work, 'home') };
    expect(execFileSync(bin, ['--version'], { env, encoding: 'utf8' })).toBe(`${VERSION}\n`);
    const scored = JSON.parse(execFileSync(bin, ['score', '2,3,4,4,4', '--json'], { env, encoding: 'utf8' })) as { boxes: Record<string, { points: number }> };
    expect(scored.boxes.fours.points).toBe(12);
    expect(scored.boxes.threeOfAKind.points).toBe(17);
  }, 60000);

  it('the installed yahtzee draws the game in a pseudo-terminal', async () => {
    const t = new TerminalSession(['--players', '1', '--seed', '1', '--no-animation'], { command: bin, env: { YAHTZEE_HOME: join(work, 'home') } });
    try {
      const screen = await t.waitFor('roll 1 of 3', 20000);
      expect(screen).toMatch(/YAHTZEE/);
      expect(screen).toMatch(/Aces/);
      expect(screen).toContain('╭─────╮');
      t.write(KEYS.ctrlC);
      expect((await t.waitForExit(20000)).exitCode).toBe(130);
    } finally {
      t.dispose();
    }
  }, 60000);

  it('the installed yahtzee hosts a table (ssh2 bundled, its native parts left out) that OpenSSH joins', async () => {
    const home = join(work, 'host-home');
    const host = new TerminalSession(['host', '--port', '0', '--code', 'pack-code', '--players', '1', '--no-seat', '--no-animation'], { command: bin, env: { YAHTZEE_HOME: home } });
    mkdirSync(home, { recursive: true });
    const guest: TerminalSession[] = [];
    try {
      const port = Number(/port (\d+)/.exec(await host.waitFor(/port \d+/, 20000))?.[1]);
      guest.push(joinTable(port, 'ann', 'pack-code', home));
      await guest[0].waitFor('roll 1 of 3', 20000);
      host.write(KEYS.ctrlC);
      await guest[0].waitFor('The host has ended the table', 20000);
      expect((await host.waitForExit(20000)).exitCode).toBe(130);
    } finally {
      for (const t of [host, ...guest]) t.dispose();
    }
  }, 60000);
});
