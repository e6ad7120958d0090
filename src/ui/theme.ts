import type { TextProps } from 'ink';

/** What a piece of text is, so it can be drawn the same way everywhere. */
export type Role = 'title' | 'current' | 'potential' | 'cursor' | 'held' | 'error' | 'info' | 'key' | 'heading' | 'sum' | 'total' | 'leader' | 'dim';

const COLOURED: Record<Role, Partial<TextProps>> = {
  title: { bold: true, color: 'yellow' },
  current: { bold: true, color: 'yellow' },
  potential: { dimColor: true },
  cursor: { inverse: true },
  held: { bold: true, color: 'green' },
  error: { bold: true, color: 'red' },
  info: { color: 'cyan' },
  key: { bold: true, color: 'yellow' },
  heading: { bold: true },
  sum: { color: 'cyan' },
  total: { bold: true },
  leader: { bold: true, color: 'green' },
  dim: { dimColor: true },
};

/** Text props for a role; with colour off only bold, dim and inverse remain (NO_COLOR, --no-color). */
export function style(role: Role, color: boolean): Partial<TextProps> {
  const props = COLOURED[role];
  if (color) return props;
  const { color: _c, backgroundColor: _b, ...rest } = props;
  return rest;
}
