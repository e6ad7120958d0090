/** The key layouts. */
export const LAYOUT_IDS = ['msx', 'spectrum'] as const;

/** A key layout's name. */
export type LayoutId = (typeof LAYOUT_IDS)[number];
