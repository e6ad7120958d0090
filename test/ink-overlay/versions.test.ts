import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MADE_AGAINST } from '../../src/ink-overlay/patches.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const upgrading = readFileSync(join(root, 'src/ink-overlay/UPGRADING.md'), 'utf8');

/** The package as Ink loads it: its own nested copy if it has one, else the one beside it (the one the game loads). */
function asInkLoadsIt(pkg: string): { version: string; nested: boolean } {
  const nested = join(root, 'node_modules/ink/node_modules', pkg, 'package.json');
  const file = pkg !== 'ink' && existsSync(nested) ? nested : join(root, 'node_modules', pkg, 'package.json');
  return { version: (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version, nested: file === nested };
}

/** What differs between the versions the overlay was made against and the installed ones, one line each. */
function drift(madeAgainst: Readonly<Record<string, string>>, installed: (pkg: string) => { version: string; nested: boolean }): string[] {
  const out: string[] = [];
  for (const [pkg, version] of Object.entries(madeAgainst)) {
    const now = installed(pkg);
    if (now.version !== version) out.push(`${pkg}: made against ${version}, installed ${now.version}`);
    if (now.nested) out.push(`${pkg}: Ink has a copy of its own (node_modules/ink/node_modules/${pkg}), not the one the forks import`);
  }
  return out;
}

/** The checklist section of UPGRADING.md. */
function checklist(): string {
  const m = /^## The checklist[^\n]*\n([\s\S]*?)(?=^## )/m.exec(upgrading);
  if (!m) throw new Error('src/ink-overlay/UPGRADING.md has no "## The checklist" section');
  return m[0].trim();
}

describe('the Ink overlay and the installed packages', () => {
  it('finds Ink, Yoga and the libraries the forks import at the versions the overlay was made against', () => {
    const lines = drift(MADE_AGAINST, asInkLoadsIt);
    const message = lines.length === 0 ? '' : `${lines.join('\n')}\n\nThe patches in src/ink-overlay/ may no longer fit. Go through\n\n${checklist()}\n`;
    expect(message, message).toBe('');
  });

  it.each([
    ['a newer Ink', { ink: { version: '7.0.0', nested: false } }, [`ink: made against ${MADE_AGAINST.ink}, installed 7.0.0`]],
    ['another string-width', { 'string-width': { version: '8.4.0', nested: false } }, [`string-width: made against ${MADE_AGAINST['string-width']}, installed 8.4.0`]],
    [
      'a copy of slice-ansi of Ink\'s own',
      { 'slice-ansi': { version: MADE_AGAINST['slice-ansi'], nested: true } },
      ['slice-ansi: Ink has a copy of its own (node_modules/ink/node_modules/slice-ansi), not the one the forks import'],
    ],
  ])('reports %s', (_, changed: Record<string, { version: string; nested: boolean }>, expected) => {
    const installed = (pkg: string) => changed[pkg] ?? { version: MADE_AGAINST[pkg], nested: false };
    expect(drift(MADE_AGAINST, installed)).toEqual(expected);
  });

  it('has the checklist to print, naming every package it was made against', () => {
    for (const pkg of Object.keys(MADE_AGAINST)) expect(upgrading, pkg).toContain(`| ${pkg} | ${MADE_AGAINST[pkg]} |`);
    expect(checklist()).toMatch(/^## The checklist/);
  });
});
