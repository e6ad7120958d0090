import { type AppModel } from '../app/index.js';
import { reviewPage } from '../view/index.js';
import type { StrategyTable } from '../solver/index.js';
import { PagedScreen } from './PagedScreen.js';

/** The review after a game, a page at a time: each person's expected points lost and three costliest decisions. */
export function ReviewScreen({ model, table }: { model: AppModel; table: StrategyTable | undefined }) {
  return <PagedScreen model={model} title="REVIEW" view={reviewPage(model, table)} />;
}
