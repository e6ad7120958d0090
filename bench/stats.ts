/** The median of a list of numbers. */
export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/** The q-quantile (0-1) of a list of numbers, by linear interpolation. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** A figure, its goal and whether it is met, as one aligned line. */
export function line(what: string, figure: string, goal: string, met?: boolean): string {
  const mark = met === undefined ? '' : met ? '  ok' : '  MISSED';
  return `  ${what.padEnd(44)} ${figure.padStart(14)}   goal ${goal}${mark}`;
}
