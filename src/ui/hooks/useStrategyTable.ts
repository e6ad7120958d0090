import { useEffect, useEffectEvent, useRef, useState } from 'react';
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
  const rules = model.game?.rules ?? model.settings.rules;
  const [loaded, setLoaded] = useState<StrategyTable | undefined>(undefined);
  const wantTable = strategy !== undefined && needsTable(model);
  // A table at hand (in this process's memory) is taken as the screen is drawn, and kept as one loaded here is
  // (state adjusted during the render, React's pattern for state that follows a change, instead of in an effect).
  const have = wantTable && loaded?.rules !== rules ? strategy.cached(rules) : undefined;
  if (have && have !== loaded) setLoaded(have);
  const table = have ?? loaded;
  // The model told the table is ready, unless it knows (read as the effect runs).
  const markReady = useEffectEvent(() => {
    if (model.strategy.status !== 'ready') act({ type: 'strategy', strategy: { status: 'ready' } });
  });
  const loading = useRef<RuleSetId | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    if (!strategy || !wantTable) return;
    if (table?.rules === rules) {
      markReady();
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
            if (mounted.current) setLoaded(t);
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
