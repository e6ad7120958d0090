import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The bundle as scripts/build.mjs makes it, in a folder of its own (dist/ may be in use).
const root = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'yahtzee-first-frame-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The src/ files a chunk holds, from its source map. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
  return map.sources.filter((s) => s.includes('/src/') || s.startsWith('src/') || s.startsWith('../src/')).map((s) => s.replace(/^.*?src\//, 'src/'));
}

/** The chunks a chunk imports statically (what must be loaded and run before it), itself included. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/^import\s*(?:[\s\S]*?from\s*)?"(\.[^"]+)";/gm)) staticClosure(resolve(dirname(file), m[1]), seen);
  return seen;
}

describe('the first frame', () => {
  it('needs no solver code but its light modules: the solver is a chunk of its own, loaded when a table is wanted', () => {
    execFileSync(process.execPath, ['scripts/build.mjs', out, '--sourcemap'], { cwd: root });
    const chunks = [join(out, 'cli.js'), ...readdirSync(join(out, 'chunks')).filter((f) => f.endsWith('.js')).map((f) => join(out, 'chunks', f))];
    const holding = (src: string) => chunks.filter((c) => sourcesOf(c).includes(src));
    const startup = new Set<string>();
    for (const src of ['src/cli.ts', 'src/ui/run.tsx', 'src/ui/App.tsx', 'src/app/controller.ts', 'src/view/chart.ts', 'src/view/hint.ts']) {
      expect(holding(src), src).toHaveLength(1);
      for (const c of staticClosure(holding(src)[0])) startup.add(c);
    }
    const solverAtStartup = [...startup].flatMap(sourcesOf).filter((s) => s.startsWith('src/solver/'));
    expect(solverAtStartup.sort()).toEqual(['src/solver/play/moves.ts', 'src/solver/play/tableSolver.ts', 'src/solver/strategy/state.ts', 'src/solver/win/winGoal.ts']);
    const solver = holding('src/solver/workers/load.ts');
    expect(solver).toHaveLength(1);
    expect(startup.has(solver[0])).toBe(false);
  }, 60000);
});
