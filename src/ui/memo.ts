import { memo, type FunctionComponent } from 'react';

/**
 * Whether two values hold the same plain data: equal primitives, or arrays and plain objects whose entries are the
 * same plain data; anything else (functions, class instances) only when it is the same object.
 */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlainData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!samePlainData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * A component React draws again only when its props hold different data: the views the screen is drawn from are
 * made afresh from the model on every change, so most of the screen (the chart above all) would otherwise be
 * rebuilt on every key although only the dice changed.
 */
export function memoPlain<P extends object>(component: FunctionComponent<P>): FunctionComponent<P> {
  return memo(component, samePlainData);
}
