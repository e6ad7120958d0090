import { type AppModel } from '../app/index.js';
import { helpView } from '../view/index.js';
import { PagedScreen } from './PagedScreen.js';

/** The instructions page, generated from the rule set and the layout's key table, a page at a time. */
export function HelpScreen({ model }: { model: AppModel }) {
  return <PagedScreen model={model} title="INSTRUCTIONS" view={helpView(model)} />;
}
