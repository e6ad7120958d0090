import { useEffect, useRef, useState } from 'react';
import { needsTable, type AppAction, type AppModel } from '../../app/index.js';
import type { RuleSetId } from '../../engine/index.js';
import type { StrategySource } from '../../session/strategy.js';
import type { StrategyTable } from '../../solver/index.js';

/** How long after the screen is drawn the loading starts (reading the cache, or setting up the computation, holds this thread a moment). */
const LOAD_AFTER_MS = 50;

/**
 * The strategy table of the rules in play, while the model needs one (hints, the review, a computer that plays by
 * it): taken at once when at hand, else loaded or computed in the background (worker threads), its progress and
 * its end (ready, or failed and why) told to the model through `act`; nobody waits for it but a computer that needs it.
 */
export function useStrategyTable(model: AppModel, strategy: StrategySource | undefined, act: (action: AppAction) => void): StrategyTable | undefined {
  const latest = useRef(model);
  latest.current = model;
  const rules = model.game?.rules ?? model.settings.rules;
  const [table, setTable] = useState<StrategyTable | undefined>(undefined);
  const loading = useRef<RuleSetId | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const wantTable = strategy !== undefined && needsTable(model);
  useEffect(() => {
    if (!strategy || !wantTable) return;
    if (table?.rules === rules) {
      if (latest.current.strategy.status !== 'ready') act({ type: 'strategy', strategy: { status: 'ready' } });
      return;
    }
    const have = strategy.cached(rules);
    if (have) {
      setTable(have);
      return;
    }
    if (loading.current === rules) return;
    act({ type: 'strategy', strategy: { status: 'loading', done: 0, total: 0 } });
    const timer = setTimeout(() => {
      if (loading.current === rules) return;
      loading.current = rules;
      let shown = -1;
      strategy
        .load(rules, (done, total) => {
          const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
          if (!mounted.current || percent === shown) return;
          shown = percent;
          act({ type: 'strategy', strategy: { status: 'loading', done, total } });
        })
        .then(
          (t) => {
            if (mounted.current) setTable(t);
          },
          (e: unknown) => {
            if (mounted.current) act({ type: 'strategy', strategy: { status: 'failed', error: e instanceof Error ? e.message : String(e) } });
          },
        )
        .finally(() => {
          loading.current = null;
        });
    }, LOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [strategy, wantTable, rules, table, act]);
  return table;
}
