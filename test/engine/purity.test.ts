import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENGINE = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/engine');

/** Every .ts file under src/engine, as a path relative to it. */
function engineFiles(dir = ENGINE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? engineFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [relative(ENGINE, join(dir, e.name))] : [],
  );
}

/** The module specifiers a source file names: import/export ... from, bare imports, import() and require(). */
function specifiers(source: string): string[] {
  const patterns = [/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  return patterns.flatMap((p) => [...source.matchAll(p)].map((m) => m[1]));
}

/**
 * True when `spec`, imported from `file`, stays inside src/engine or is a pure-rand module, or string-width from
 * names.ts (a pure function: the names rule measures names in terminal columns as Ink does).
 */
function allowed(file: string, spec: string): boolean {
  if (spec.startsWith('pure-rand/')) return true;
  if (spec === 'string-width' && file === 'names.ts') return true;
  if (!spec.startsWith('./') && !spec.startsWith('../')) return false;
  const target = relative(ENGINE, resolve(ENGINE, dirname(file), spec));
  return !target.startsWith('..');
}

describe('the engine is pure', () => {
  it('finds the import lines it checks (the check itself works)', () => {
    expect(specifiers(`import type { A } from './a.js';\nimport {\n  b,\n} from "pure-rand/x";\nexport * from './c.js';\nimport 'node:fs';\nconst m = await import('chalk');`)).toEqual([
      './a.js',
      'pure-rand/x',
      './c.js',
      'node:fs',
      'chalk',
    ]);
    expect([allowed('rules/x.ts', '../dice.js'), allowed('x.ts', '../cli.js'), allowed('x.ts', 'react'), allowed('x.ts', 'node:fs')]).toEqual([true, false, false, false]);
  });

  const files = engineFiles();

  it('has its source files where the test looks', () => {
    expect(files).toEqual(expect.arrayContaining(['game.ts', 'rng.ts', 'rules/official.ts']));
  });

  it.each(files)('%s imports only src/engine files and pure-rand/...', (file) => {
    const found = specifiers(readFileSync(join(ENGINE, file), 'utf8'));
    expect(found.filter((spec) => !allowed(file, spec))).toEqual([]);
  });

  it('rng.ts draws its dice from pure-rand', () => {
    expect(specifiers(readFileSync(join(ENGINE, 'rng.ts'), 'utf8')).filter((s) => s.startsWith('pure-rand/'))).toHaveLength(2);
  });
});
