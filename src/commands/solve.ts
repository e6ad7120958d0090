import cliProgress from 'cli-progress';
import { EMPTY_CARD, getRuleSet, printable, type RuleSetId } from '../engine/index.js';
import { cacheFile, loadOrSolveReport, turnStartValue, type LoadReport, type ProgressListener, type StrategyTable } from '../solver/index.js';
import { localeIsUtf8 } from '../ui/locale.js';
import { parseRules } from './parse.js';

/** Options of `yahtzee solve`. */
export interface SolveCommandOptions {
  rules?: string;
  json?: boolean;
}

/** The signals a command is stopped with from its terminal or from outside. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A progress bar on stderr while a table is computed or games are played; nothing unless stderr is a terminal.
 * Drawn with shaded blocks, or = and - when the locale is not UTF-8. The bar hides the cursor: while it is drawn, a
 * signal (Ctrl-C) or any other end of the process shows it again first; a signal then ends the process as it would have.
 */
export function terminalProgress(label: string, stream: NodeJS.WriteStream = process.stderr, env: NodeJS.ProcessEnv = process.env): { onProgress?: ProgressListener; stop: () => void } {
  if (stream.isTTY !== true) return { stop: () => {} };
  let bar: cliProgress.SingleBar | undefined;
  const stop = () => {
    bar?.stop();
    process.off('exit', stop);
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.kill(process.pid, signal);
  };
  return {
    onProgress: (done, total) => {
      if (!bar) {
        bar = new cliProgress.SingleBar({ stream, format: `${label} [{bar}] {percentage}%`, hideCursor: true, clearOnComplete: true }, localeIsUtf8(env) ? cliProgress.Presets.shades_classic : cliProgress.Presets.legacy);
        bar.start(total, 0);
        process.once('exit', stop);
        for (const signal of STOP_SIGNALS) process.once(signal, onSignal);
      }
      bar.update(done);
    },
    stop,
  };
}

/** Loads or computes a rule set's whole table, with a progress bar on a terminal. */
export async function tableWithProgress(rules: RuleSetId): Promise<LoadReport> {
  const progress = terminalProgress(`Solving the ${getRuleSet(rules).title}`);
  try {
    return await loadOrSolveReport(rules, { onProgress: progress.onProgress });
  } finally {
    progress.stop();
  }
}

/** A fresh game's expected score under optimal play. */
export function freshGameValue(table: StrategyTable): number {
  return turnStartValue(table, EMPTY_CARD);
}

/** `yahtzee solve`: computes or loads the table; the text (or JSON) to print. */
export async function solveCommand(opts: SolveCommandOptions, load: (rules: RuleSetId) => Promise<LoadReport> = tableWithProgress): Promise<string> {
  const rules = parseRules(opts.rules);
  const report = await load(rules);
  const expectedScore = freshGameValue(report.table);
  if (opts.json) return JSON.stringify({ rules, expectedScore, seconds: report.seconds });
  const how =
    report.source === 'computed'
      ? `computed in ${report.seconds.toFixed(2)} s on ${report.threads} thread${report.threads === 1 ? '' : 's'}${report.reason === 'missing' ? '' : report.reason === 'stale' ? ', as the cached file was made for another version' : ', as the cached file could not be used (damaged, or not a file)'}${report.saved ? `; saved to ${printable(cacheFile(rules))}` : '; it could not be saved to the cache'}`
      : `loaded from ${report.source === 'cache' ? printable(cacheFile(rules)) : 'memory'} in ${report.seconds.toFixed(2)} s`;
  return `${getRuleSet(rules).title}: a fresh game is worth ${expectedScore.toFixed(4)} points with optimal play\n(table ${how})`;
}
