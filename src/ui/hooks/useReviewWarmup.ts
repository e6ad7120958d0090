import { useEffect } from 'react';
import type { AppModel } from '../../app/index.js';
import type { StrategyTable } from '../../solver/index.js';
import { tableSolver } from '../../solver/play/tableSolver.js';
import { covers } from '../../solver/strategy/state.js';

/**
 * While a game is played with the strategy table at hand, the people's decisions are judged as they come (the
 * solver remembers each judgement), a moment after the frame: the review after the game, which would otherwise judge
 * every decision at once on the last key (over 100 ms for four people), then finds them done.
 */
export function useReviewWarmup(model: AppModel, table: StrategyTable | undefined): void {
  const decisions = model.decisions;
  const rules = model.game?.rules;
  useEffect(() => {
    if (table === undefined || table.rules !== rules || decisions.length === 0) return;
    const timer = setTimeout(() => {
      tableSolver().reviewDecisions(
        table,
        decisions.filter((d) => covers(table, d.record.card)).map((d) => d.record),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [decisions, table, rules]);
}
