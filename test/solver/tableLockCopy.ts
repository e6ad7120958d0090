// Run as a process by tableLock.test.ts, one copy of the game (or command) among several sharing one cache folder
// (YAHTZEE_HOME): asks for a table with no cache file and prints what happened, a line each: `waiting` when another
// copy is making it, `progress` at its own first progress, `done SHA` with a hash of the table it got. Every child
// process it starts is counted in the marker file (argv[3]), a line with this process's pid. It says `ready` once
// loaded, and asks only once the file MARKER.go exists, so that the copies a test starts ask at the same time.
//   distribution MARKER [GO]: the chances' process's distribution table (its strategy table already cached); with GO,
//     the child started makes nothing: it exits without a table once the file GO exists (or when this process goes).
//   strategy MARKER: the game's strategy table (LoadOptions.apart).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import type { RuleSetId } from '../../src/engine/index.js';
import { makeDistributions } from '../../src/solver/chances/work.js';
import { startSolverChild, type StartChild } from '../../src/solver/workers/childClient.js';
import { loadOrSolve, loadOrSolveReport } from '../../src/solver/index.js';
import { stateIndex } from '../../src/solver/strategy/state.js';
import { stateFor } from '../../src/solver/strategy/table.js';

const RULES: RuleSetId = 'brazilian';
const [mode, marker, go] = process.argv.slice(2);
const say = (line: string) => process.stdout.write(`${line}\n`);
const sha = (a: ArrayBufferView) => createHash('sha256').update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength)).digest('hex');

let progressed = false;
const onProgress = () => {
  if (!progressed) say('progress');
  progressed = true;
};
const onWait = () => say('waiting');
const start: StartChild = (args) => {
  appendFileSync(marker, `${process.pid}\n`);
  if (go === undefined) return startSolverChild(args);
  const script = `const f = process.argv[1]; process.on('disconnect', () => process.exit(0)); setInterval(() => require('node:fs').existsSync(f) && process.exit(3), 20)`;
  return spawn(process.execPath, ['-e', script, go], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
};

const ready = async () => {
  say('ready');
  while (!existsSync(`${marker}.go`)) await new Promise((resolve) => setTimeout(resolve, 20));
};

if (mode === 'distribution') {
  const table = await loadOrSolve(RULES);
  await ready();
  const wanted = new Set([stateIndex(table.tables, stateFor(table, { boxes: {}, yahtzeeBonuses: 0 }))]);
  try {
    const made = await makeDistributions(table, wanted, onProgress, start, onWait);
    say(`done ${sha(made.fresh.p)}`);
  } catch (e) {
    say(`failed ${e instanceof Error ? e.message : String(e)}`);
  }
} else {
  await ready();
  const report = await loadOrSolveReport(RULES, { threads: 2, onProgress, onWait, apart: { start } });
  say(`done ${sha(report.table.values)}`);
}
