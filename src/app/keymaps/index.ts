/** Key layouts as data tables, and the lookup from a key press to an app action. */
import type { LayoutId } from '../../input/index.js';
import type { Layout } from './layout.js';
import { MSX } from './msx.js';
import { SPECTRUM } from './spectrum.js';

export * from './layout.js';
export { MSX } from './msx.js';
export { SPECTRUM, inlayNumbering, inlayOption } from './spectrum.js';

/** Every layout by its id. */
export const LAYOUTS: Readonly<Record<LayoutId, Layout>> = { msx: MSX, spectrum: SPECTRUM };

/** The layout named `id` (MSX for anything unknown). */
export function getLayout(id: LayoutId): Layout {
  return LAYOUTS[id] ?? MSX;
}
