import { useEffect, useRef, useState } from 'react';
import type { AppAction, AppModel, WinAnswer } from '../../app/index.js';
import type { StrategySource } from '../../session/strategy.js';
import type { StrategyTable } from '../../solver/index.js';
import { upcomingWinTurn, winTurnSpec, type WinTurnSpec } from '../../solver/win/winGoal.js';

/**
 * A win computer seat's turn work: the process it runs in readied while the seat before it plays (the strategy
 * source's winWarm), the work handed to it (winTurn) as soon as its exact turn has begun and the strategy table is at
 * hand, told to the model (win-started, then win-answer keyed by the turn, so that a late answer for another turn is
 * ignored); the answer itself is kept here, outside the model.
 * Without a winTurn, or when it fails, the seat plays mean-optimally (the model says so once).
 */
export function useWinTurn(model: AppModel, strategy: StrategySource | undefined, table: StrategyTable | undefined, act: (action: AppAction) => void): WinAnswer | undefined {
  const [answer, setAnswer] = useState<WinAnswer | undefined>(undefined);
  const started = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const g = model.screen === 'game' && model.computerPlays ? model.game : null;
  const spec = g === null ? null : winTurnSpec(g);
  // While the seat before a win seat's exact turn plays: its process is started ahead (once per such turn).
  const upcoming = g === null ? null : upcomingWinTurn(g);
  const upcomingRules = g?.rules;
  const warmed = useRef<string | null>(null);
  useEffect(() => {
    if (upcoming === null || table === undefined || table.rules !== upcomingRules || warmed.current === upcoming) return;
    warmed.current = upcoming;
    strategy?.winWarm?.();
  }, [upcoming, upcomingRules, table, strategy]);
  // As text, so that the effect runs once per turn (the cards at the turn's start do not change while its key stays).
  const wanted = spec === null ? null : JSON.stringify(spec);
  useEffect(() => {
    const spec = wanted === null ? null : (JSON.parse(wanted) as WinTurnSpec);
    if (spec === null || table === undefined || table.rules !== spec.rules || started.current === spec.key) return;
    started.current = spec.key;
    act({ type: 'win-started', key: spec.key });
    if (!strategy?.winTurn) {
      act({ type: 'win-answer', key: spec.key, ok: false, reason: 'no solver to work it out' });
      return;
    }
    strategy.winTurn(table, spec).then(
      (a) => {
        if (!mounted.current) return;
        setAnswer(a);
        act({ type: 'win-answer', key: a.key, ok: true });
      },
      (e: unknown) => {
        if (mounted.current) act({ type: 'win-answer', key: spec.key, ok: false, reason: e instanceof Error ? e.message : String(e) });
      },
    );
  }, [wanted, table, strategy, act]);
  return answer;
}
