import type { Face } from '../engine/index.js';

const PIPS: Record<Face, readonly string[]> = {
  1: ['     ', '  ●  ', '     '],
  2: ['    ●', '     ', '●    '],
  3: ['    ●', '  ●  ', '●    '],
  4: ['●   ●', '     ', '●   ●'],
  5: ['●   ●', '  ●  ', '●   ●'],
  6: ['●   ●', '●   ●', '●   ●'],
};

/** A die as five lines of seven columns: pips in a rounded border, or a double border when it is kept. */
export function dieLines(face: Face, kept: boolean): string[] {
  const pips = PIPS[face] ?? PIPS[1];
  const [tl, tr, bl, br, h, v] = kept ? ['╔', '╗', '╚', '╝', '═', '║'] : ['╭', '╮', '╰', '╯', '─', '│'];
  return [tl + h.repeat(5) + tr, ...pips.map((p) => v + p + v), bl + h.repeat(5) + br];
}
