import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EDITS, PATCH_IDS, REPLACEMENTS, patchesLeftOut } from '../../src/ink-overlay/patches.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const installed = (pkg: string, file: string) => readFileSync(join(root, 'node_modules', pkg, file), 'utf8');
const upgrading = readFileSync(join(root, 'src/ink-overlay/UPGRADING.md'), 'utf8');
const count = (text: string, part: string) => text.split(part).length - 1;

describe('the patch list (src/ink-overlay/patches.mjs) against the installed Ink and Yoga', () => {
  it.each(EDITS.flatMap((p) => p.edits.map((e, i) => [`${p.id} #${i + 1}`, p.pkg, p.file, e.from] as const)))(
    'edit %s finds its text exactly once in %s/%s',
    (_, pkg, file, from) => {
      expect(count(installed(pkg, file), from)).toBe(1);
    },
  );

  it.each(REPLACEMENTS.map((r) => [r.id, r.pkg, r.importer, r.specifier, r.with] as const))(
    'replacement %s: %s/%s imports %s once, and %s is there to take its place',
    (_, pkg, importer, specifier, replacement) => {
      expect(count(installed(pkg, importer), `from '${specifier}';`)).toBe(1);
      expect(existsSync(join(root, 'src/ink-overlay', replacement))).toBe(true);
    },
  );

  it('has each patch once, with what it does and why, and a section of its own in UPGRADING.md', () => {
    expect(new Set(PATCH_IDS).size).toBe(PATCH_IDS.length);
    for (const p of [...EDITS, ...REPLACEMENTS]) {
      expect(p.what.length, p.id).toBeGreaterThan(0);
      expect(p.why.length, p.id).toBeGreaterThan(0);
      expect(count(upgrading, `\n### ${p.id}\n`), `UPGRADING.md: ### ${p.id}`).toBe(1);
    }
    expect([...upgrading.matchAll(/^### (\S+)$/gm)].map((m) => m[1]).sort()).toEqual([...PATCH_IDS].sort());
  });
});

describe('the build switch that leaves patches out', () => {
  const all = new Set(PATCH_IDS);
  it.each([
    ['no switch: every patch in', [], {}, new Set()],
    ['--no-patches: all out', ['dist', '--no-patches'], {}, all],
    ['--no-patches=ids: those out', ['--no-patches=frame-output,no-devtools'], {}, new Set(['frame-output', 'no-devtools'])],
    ['--no-patches= (empty): none out', ['--no-patches='], { YAHTZEE_NO_PATCHES: '1' }, new Set()],
    ['YAHTZEE_NO_PATCHES=1: all out', [], { YAHTZEE_NO_PATCHES: '1' }, all],
    ['YAHTZEE_NO_PATCHES=all: all out', [], { YAHTZEE_NO_PATCHES: 'all' }, all],
    ['YAHTZEE_NO_PATCHES=0: none out', [], { YAHTZEE_NO_PATCHES: '0' }, new Set()],
    ['YAHTZEE_NO_PATCHES=id: that one out', [], { YAHTZEE_NO_PATCHES: 'yoga-wasm-buffer' }, new Set(['yoga-wasm-buffer'])],
  ] as const)('%s', (_, argv, env, expected) => {
    expect(patchesLeftOut(argv, env)).toEqual(expected);
  });

  it('refuses a patch it does not know, naming the ones there are', () => {
    expect(() => patchesLeftOut(['--no-patches=frame-output,fast-yoga'], {})).toThrow(
      `build: no patch called fast-yoga; the patches are ${PATCH_IDS.join(', ')} (or all)`,
    );
  });
});
