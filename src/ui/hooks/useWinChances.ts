import { useEffect, useEffectEvent, useRef } from 'react';
import { chancesMatchSoFar, chancesShown, chancesTurn, needsTable, chancesKey, type AppAction, type AppModel } from '../../app/index.js';
import type { StrategySource } from '../../session/strategy.js';

/**
 * The chances to win of the turn in play, and after each roll that lands from its dice, while the win-chance lines
 * are shown: asked of the strategy source (a child process) once a turn and once a roll, keyed by the turn and dice,
 * its progress and its answer told to the model through `act` (which keeps only the answers for the turn and dice in
 * play), once the strategy table this thread may be loading is there (so that the child reads it from the cache
 * instead of computing it too). Nothing waits for them; without a source they are not available.
 */
export function useWinChances(model: AppModel, strategy: StrategySource | undefined, act: (action: AppAction) => void): void {
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const asked = useRef<string | null>(null);
  const key = chancesShown(model) ? chancesKey(model) : null;
  // An answer for this turn already in the model (the lines turned off and on again) is not asked for again.
  const known = key !== null && model.turnChances?.key === key && (model.turnChances.chances.status === 'ready' || model.turnChances.chances.status === 'failed');
  // While this thread loads the strategy table (for the hints, the computer), the child would only compute it again.
  const tableLoading = strategy !== undefined && needsTable(model) && (model.strategy.status === 'none' || model.strategy.status === 'loading');
  // The question for the turn `key` names, from the model and the source as they are now.
  const ask = useEffectEvent((key: string) => {
    const g = model.game;
    if (g === null) return;
    const chances = strategy?.chances;
    if (chances === undefined) {
      act({ type: 'chances-status', key, chances: { status: 'failed', error: 'there is no solver in this game' } });
      return;
    }
    act({ type: 'chances-status', key, chances: { status: 'working' } });
    const progress = (stage: 'strategy' | 'distribution', done: number, total: number) => {
      if (mounted.current) act({ type: 'chances-status', key, chances: { status: 'preparing', stage, done, total } });
    };
    const turn = chancesTurn(model);
    // Never rejects: a failure is an outcome, shown as such.
    void chances(g.rules, g.cards, progress, turn ?? undefined, chancesMatchSoFar(g) ?? undefined).then((outcome) => {
      if (!mounted.current) return;
      const match = outcome.kind === 'answer' && outcome.match !== undefined ? { match: outcome.match } : {};
      if (outcome.kind === 'answer') act({ type: 'chances-status', key, chances: { status: 'ready', win: outcome.win, tie: outcome.tie, ...match } });
      else if (outcome.kind === 'failed') act({ type: 'chances-status', key, chances: { status: 'failed', error: outcome.error } });
    });
  });
  // While the dice roll the chances wait for them to land (the last figures stay, dimmed).
  const landing = key !== null && key.endsWith('/landing');
  useEffect(() => {
    if (key === null) return;
    // Known here, nothing to ask; and the key asked about before is forgotten, so that coming back to it asks again
    // (its answer may have come while this one was in play, and been left out).
    if (known) asked.current = key;
    if (known || tableLoading || landing || asked.current === key) return;
    asked.current = key;
    ask(key);
  }, [key, known, tableLoading, landing]);
}
