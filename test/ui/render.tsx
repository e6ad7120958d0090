import { renderToString } from 'ink';
import { render } from 'ink-testing-library';
import type { AppModel } from '../../src/app/index.js';
import { Screen } from '../../src/ui/Screen.js';

/** The text Ink draws for a model (no animation: the dice as they are). */
export function frame(model: AppModel): string {
  const r = render(<Screen model={model} />);
  const out = r.lastFrame() ?? '';
  r.unmount();
  return out;
}

/** The frame's lines. */
export function lines(model: AppModel): string[] {
  return frame(model).split('\n');
}

/** The frame's lines drawn at the model's own width (ink-testing-library draws at 100 columns). */
export function linesAt(model: AppModel): string[] {
  return renderToString(<Screen model={model} />, { columns: model.size.columns }).split('\n');
}
