import { useEffect } from 'react';
import type { AppAction, AppModel } from '../../app/index.js';
import type { StrategyTable } from '../../solver/index.js';
import { reviewView } from '../../view/index.js';

/**
 * Once a finished game's review is ready (the strategy table is there), tells the model how many costly decisions it
 * found for each person: the review's pages are laid out by them, and the controller counts the pages it turns.
 */
export function useReviewKnown(model: AppModel, table: StrategyTable | undefined, act: (action: AppAction) => void): void {
  useEffect(() => {
    if (model.game?.phase !== 'gameOver' || model.reviewKnown?.decisions === model.decisions) return;
    const view = reviewView(model, table);
    if (view === null || view.status !== 'ready') return;
    act({ type: 'review-known', decisions: model.decisions, worst: view.people.map((p) => p.worst.length) });
  }, [model, table, act]);
}
