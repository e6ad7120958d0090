import chalk, { type ChalkInstance } from 'chalk';
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

/**
 * Text in a role as escape sequences, as Ink's Text draws it (the same chalk): for a line drawn outside Ink, such as
 * an onlooker's prompt line over a shared frame (src/table/GuestScreen.tsx). Plain with no role.
 */
export function styledText(text: string, role: Role | null, color: boolean): string {
  if (role === null || text === '') return text;
  const p = style(role, color);
  // Each wrapping the last, in the order Ink's Text applies them.
  let out = text;
  if (p.dimColor === true) out = chalk.dim(out);
  if (typeof p.color === 'string' && p.color in chalk) out = (chalk as unknown as Record<string, ChalkInstance>)[p.color](out);
  if (p.bold === true) out = chalk.bold(out);
  if (p.inverse === true) out = chalk.inverse(out);
  return out;
}
