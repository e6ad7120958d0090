import { isRuleSetId, type RuleSetId } from '../../engine/index.js';
import { solveDistributions } from './distributionSolve.js';
import { encodeDistributions, writeDistributions } from '../distribution/distributionTable.js';
import { loadOrSolve, loadOrSolveReport } from './load.js';
import type { SolverChildMessage } from './childClient.js';

/*
 * A process of its own that makes one of the game's one-time tables (childClient.ts starts it and hears from it over
 * the IPC channel): `strategy RULES THREADS` solves the strategy table on worker threads, `distribution RULES FILE`
 * makes the distribution table (a pass that holds some 400 MiB for a few seconds). Their memory leaves with this
 * process instead of staying in the game's. It writes the cache file and says so; where the file cannot be written it
 * sends the table instead. It ends when its parent goes (the channel closes), whatever it is doing.
 */

/** Sends one message and waits until it has gone. */
function send(m: SolverChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) resolve();
    else process.send(m, undefined, {}, () => resolve());
  });
}

/** This process's peak resident memory in bytes. */
function peakBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/** Progress as the percent changes (the parent shows a percentage). */
function progress(): (done: number, total: number) => void {
  let shown = -1;
  return (done, total) => {
    const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
    if (percent === shown) return;
    shown = percent;
    // Progress is not waited for (send never rejects): the work goes on while it is sent.
    void send({ kind: 'progress', done, total });
  };
}

/** The strategy table, solved (or read, should another process have cached it meanwhile) and cached, under the lock its parent holds. */
async function strategy(rules: RuleSetId, threads: number): Promise<void> {
  const report = await loadOrSolveReport(rules, { threads, onProgress: progress(), lockHeld: true });
  if (report.saved !== false) await send({ kind: 'saved', peakBytes: peakBytes() });
  else await send({ kind: 'values', values: new Float64Array(report.table.values), tables: report.table.tables, peakBytes: peakBytes() });
}

/** The distribution table, made on every core and written to `file`. */
async function distribution(rules: RuleSetId, file: string): Promise<void> {
  const table = await loadOrSolve(rules);
  const dist = await solveDistributions(table, { onProgress: progress() });
  if (writeDistributions(table.tables, dist, file)) await send({ kind: 'saved', peakBytes: peakBytes() });
  else await send({ kind: 'table', bytes: encodeDistributions(table.tables, dist), peakBytes: peakBytes() });
}

async function main(task: string, rules: string, arg: string): Promise<void> {
  if (!isRuleSetId(rules)) throw new Error(`unknown rule set ${JSON.stringify(rules)}`);
  if (task === 'strategy' && Number.isInteger(Number(arg)) && Number(arg) >= 1) return strategy(rules, Number(arg));
  if (task === 'distribution' && arg !== '') return distribution(rules, arg);
  throw new Error(`unknown task ${JSON.stringify([task, arg])}`);
}

if (!process.send) {
  process.stderr.write('yahtzee: the solver child process is started by the game, not by hand\n');
  process.exitCode = 2;
} else {
  // The game went (quit, killed, its terminal closed): nothing is waiting for the table.
  process.on('disconnect', () => process.exit(0));
  // Past a file-size limit the cache file's write fails (EFBIG) and the table is sent back, as on a full disk.
  process.on('SIGXFSZ', () => {});
  const [task = '', rules = '', arg = ''] = process.argv.slice(2);
  main(task, rules, arg).then(
    () => process.disconnect(),
    async (e: unknown) => {
      await send({ kind: 'failed', error: e instanceof Error ? e.message : String(e) });
      process.exit(1);
    },
  );
}
