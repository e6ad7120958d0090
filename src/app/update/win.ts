/**
 * A win computer seat's turn work, from outside the controller: started, done or failed (answers for a turn that is
 * not the one in play are ignored), and the computer thinking when it would decide before the work is done.
 */
import { winTurnSpec } from '../../solver/win/winGoal.js';
import type { AppModel } from '../model.js';
import { done, ignored, type Phase } from './step.js';

/** The key of the win seat's turn in play that wants exact turn work, or null. */
export function winKeyNow(model: AppModel): string | null {
  const g = model.game;
  if (model.screen !== 'game' || g === null) return null;
  return winTurnSpec(g)?.key ?? null;
}

/** The win phase: the win seat's turn work started, answered, waited for; anything for another turn is ignored. */
export const winWork: Phase = (model, action) => {
  switch (action.type) {
    case 'win-started':
      if (action.key !== winKeyNow(model) || model.win?.key === action.key) return ignored;
      return done(() => ({ ...model, win: { key: action.key, status: 'working' } }));
    case 'win-answer': {
      if (action.key !== winKeyNow(model) || model.win?.key !== action.key || model.win.status !== 'working') return ignored;
      if (action.ok) return done(() => ({ ...model, win: { key: action.key, status: 'ready' } }));
      const name = model.game!.players[model.game!.current].name;
      const next: AppModel = { ...model, win: { key: action.key, status: 'unavailable' } };
      if (model.winFallbackSaid === true) return done(() => next);
      return done(() => ({ ...next, win: { ...next.win!, fallbackSaid: true }, winFallbackSaid: true, message: { text: `${name} plays for its average: ${action.reason}`, tone: 'info' } }));
    }
    case 'win-wait': {
      const w = model.win;
      if (action.key !== winKeyNow(model) || w?.key !== action.key || w.status !== 'working' || w.waitSaid === true) return ignored;
      const name = model.game!.players[model.game!.current].name;
      return done(() => ({ ...model, win: { ...w, waitSaid: true }, message: { text: `${name} is thinking: working out its best chance to win…`, tone: 'info' } }));
    }
    default:
      return null;
  }
};
