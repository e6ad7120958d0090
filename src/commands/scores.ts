import { getRuleSet, type RuleSetId } from '../engine/rules/index.js';
import { unwrittenInSaves } from '../storage/autosave.js';
import { clearScores, loadScores, playedRuleSets, summarize, type RuleSummary } from '../storage/highScores.js';
import type { StorageDirs } from '../storage/paths.js';
import { scoresText } from '../storage/scoresText.js';
import { personFigures, type PersonFigures } from '../storage/personFigures.js';
import { cachedOptimal, peopleText, personBins, type FindOptimal, type OptimalScores } from './personScores.js';
import { UsageError } from './errors.js';
import { parseRules } from './parse.js';

/** The flags of `yahtzee scores`. */
export interface ScoresCommandOptions {
  rules?: string;
  json?: boolean;
  clear?: boolean;
  yes?: boolean;
}

/** What the command may touch: the folders, and the terminal to ask on. */
export interface ScoresContext {
  readonly dirs: StorageDirs;
  /** True when stdin is a terminal, so the player can be asked before clearing. */
  readonly interactive: boolean;
  /** Asks a question on the terminal and returns the answer. */
  readonly ask: (question: string) => Promise<string>;
  /** Where the distribution of optimal play comes from, for the histograms (default: the solver's cache, never computed here). */
  readonly optimal?: FindOptimal;
}

/** What to print: text for stdout, lines for stderr (without the "yahtzee: " prefix), and the exit code. */
export interface ScoresOutcome {
  readonly out: string;
  readonly errors: readonly string[];
  readonly code: 0 | 1;
}

function jsonFor(id: RuleSetId, s: RuleSummary, people: readonly PersonFigures[], optimal: OptimalScores | null): object {
  const unavailable = typeof optimal === 'string' ? { optimalUnavailable: optimal } : {};
  return {
    title: getRuleSet(id).title,
    ...s,
    top: s.top.map((h, i) => ({ rank: i + 1, ...h })),
    people: people.map((p) => ({ ...p, histogram: personBins(p.totals, optimal ?? '') })),
    ...unavailable,
  };
}

async function clear(opts: ScoresCommandOptions, ctx: ScoresContext, only: RuleSetId | undefined): Promise<ScoresOutcome> {
  const loaded = loadScores(ctx.dirs);
  const notices = loaded.notice !== undefined ? [loaded.notice] : [];
  const played = playedRuleSets(loaded.book).filter((id) => only === undefined || id === only);
  const label = only ?? 'every rule set';
  if (played.length === 0) return { out: `There are no high scores to clear${only === undefined ? '' : ` for ${only}`}.`, errors: notices, code: 0 };
  if (opts.yes !== true) {
    if (!ctx.interactive) throw new UsageError(`not clearing the high scores for ${label}: there is no terminal to ask on; add --yes to clear them`);
    const answer = await ctx.ask(`Clear the high scores for ${label}? [y/N] `);
    if (!/^\s*y(es)?\s*$/i.test(answer)) return { out: 'Nothing was cleared.', errors: notices, code: 0 };
  }
  const cleared = clearScores(ctx.dirs, only);
  if (!cleared.ok) return { out: '', errors: [...notices, cleared.error], code: 1 };
  return { out: `Cleared the high scores for ${label}.`, errors: notices, code: 0 };
}

/** `yahtzee scores [--rules R] [--json]` and `yahtzee scores --clear [--rules R] [--yes]`. Bad flags are a UsageError. */
export async function scoresCommand(opts: ScoresCommandOptions, ctx: ScoresContext): Promise<ScoresOutcome> {
  const only = opts.rules !== undefined ? parseRules(opts.rules) : undefined;
  if (opts.clear === true && opts.json === true) throw new UsageError('--json does not go with --clear');
  if (opts.yes === true && opts.clear !== true) throw new UsageError('--yes only goes with --clear');
  if (opts.clear === true) return clear(opts, ctx, only);
  const loaded = loadScores(ctx.dirs);
  const errors = loaded.notice !== undefined ? [loaded.notice] : [];
  const ids = only !== undefined ? [only] : playedRuleSets(loaded.book);
  const summaries = ids.map((id) => [id, summarize(id, loaded.book.rules[id])] as const);
  const people = new Map(ids.map((id) => [id, personFigures(loaded.book.rules[id])]));
  // The distribution of optimal play only for a rule set with people to set beside it.
  const find = ctx.optimal ?? cachedOptimal();
  const optimal = new Map<RuleSetId, OptimalScores>();
  for (const id of ids) if ((people.get(id) ?? []).length > 0) optimal.set(id, await find(id));
  const waiting = waitingLine(ctx.dirs, only);
  if (opts.json === true) {
    return { out: JSON.stringify(Object.fromEntries(summaries.map(([id, s]) => [id, jsonFor(id, s, people.get(id) ?? [], optimal.get(id) ?? null)]))), errors: waiting === '' ? errors : [...errors, waiting.replace('\n', ' ')], code: 0 };
  }
  const after = waiting === '' ? '' : `\n\n${waiting}`;
  if (summaries.every(([, s]) => s.games === 0)) {
    const none = only !== undefined ? `No high scores yet for the ${getRuleSet(only).title} (${only}).` : 'No high scores yet: finish a game and it is recorded here.';
    return { out: none + after, errors, code: 0 };
  }
  const text = ([id, s]: (typeof summaries)[number]) => {
    const byPerson = peopleText(people.get(id) ?? [], optimal.get(id) ?? '');
    return byPerson === '' ? scoresText(id, s) : `${scoresText(id, s)}\n\n${byPerson}`;
  };
  return { out: summaries.map(text).join('\n\n') + after, errors, code: 0 };
}

/**
 * What the figures do not hold yet: finished games whose high scores could not be written when they ended wait in
 * the saved game (they are written when a game begins); '' when none does.
 */
function waitingLine(dirs: StorageDirs, only: RuleSetId | undefined): string {
  const n = unwrittenInSaves(dirs).filter((u) => only === undefined || u.rules === only).length;
  if (n === 0) return '';
  const one = n === 1;
  return `${one ? 'One finished game is' : `${n} finished games are`} not in these figures yet: the high scores could not be written when ${one ? 'it' : 'they'} ended.\n${one ? 'It waits' : 'They wait'} in the saved game and ${one ? 'is' : 'are'} written when yahtzee next starts or resumes a game.`;
}
