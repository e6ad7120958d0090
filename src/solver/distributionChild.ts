import { isRuleSetId } from '../engine/index.js';
import type { DistributionChildMessage } from './distributionProcess.js';
import { solveDistributions } from './distributionSolve.js';
import { encodeDistributions, writeDistributions } from './distributionTable.js';
import { loadOrSolve } from './load.js';

/*
 * A process of its own that makes a rule set's distribution table (distributionProcess.ts starts it, with the rule
 * set and the cache file as its arguments, and hears from it over the IPC channel): the pass holds hundreds of
 * megabytes for a few seconds, which leave with this process instead of staying in the game's. It works on every
 * core (distributionSolve.ts), writes the cache file, and says so; where the file cannot be written it sends the
 * table's bytes instead. It ends when its parent goes (the channel closes), whatever it is doing.
 */

/** Sends one message and waits until it has gone. */
function send(m: DistributionChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) resolve();
    else process.send(m, undefined, {}, () => resolve());
  });
}

/** This process's peak resident memory in bytes. */
function peakBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

async function main(rules: string, file: string): Promise<void> {
  if (!isRuleSetId(rules)) throw new Error(`unknown rule set ${JSON.stringify(rules)}`);
  const table = await loadOrSolve(rules);
  let shown = -1;
  const dist = await solveDistributions(table, {
    onProgress: (done, total) => {
      const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
      if (percent === shown) return;
      shown = percent;
      void send({ kind: 'progress', done, total });
    },
  });
  if (writeDistributions(table.tables, dist, file)) await send({ kind: 'saved', peakBytes: peakBytes() });
  else await send({ kind: 'table', bytes: encodeDistributions(table.tables, dist), peakBytes: peakBytes() });
}

if (!process.send) {
  process.stderr.write('yahtzee: distributionChild is started by the game, not by hand\n');
  process.exitCode = 2;
} else {
  // The game went (quit, killed, its terminal closed): nothing is waiting for the table.
  process.on('disconnect', () => process.exit(0));
  const [rules = '', file = ''] = process.argv.slice(2);
  main(rules, file).then(
    () => process.disconnect(),
    async (e: unknown) => {
      await send({ kind: 'failed', error: e instanceof Error ? e.message : String(e) });
      process.exit(1);
    },
  );
}
