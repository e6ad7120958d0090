/** A die face, 1 to 6. */
export type Face = 1 | 2 | 3 | 4 | 5 | 6;

/** Five dice, in the order they lie on the table (A to E). */
export type Dice = readonly Face[];

/** The number of dice on the table. */
export const DICE_COUNT = 5;

/** Letters naming the dice, A to E. */
export const DIE_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** How many dice show each face: index 1-6 (index 0 is unused and 0). */
export function faceCounts(dice: Dice): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) counts[d]++;
  return counts;
}

/** The sum of all dice. */
export function diceSum(dice: Dice): number {
  let s = 0;
  for (const d of dice) s += d;
  return s;
}

/** True when all five dice show the same face. */
export function isYahtzee(dice: Dice): boolean {
  return dice.length === DICE_COUNT && dice.every((d) => d === dice[0]);
}

/** True when value is a whole number from 1 to 6. */
export function isFace(value: unknown): value is Face {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

/** True when value is an array of exactly five faces. */
export function isDice(value: unknown): value is Dice {
  return Array.isArray(value) && value.length === DICE_COUNT && value.every(isFace);
}

/** Parses "2,3,4,4,4", "2 3 4 4 4" or "23444" into dice, or returns an error message. */
export function parseDice(text: string): Dice | { error: string } {
  const trimmed = text.trim();
  // One separator between two values: "-1,-2" or "1,,2" has an empty value, not a negative one or a skipped one.
  const parts = /^[0-9]{5}$/.test(trimmed) ? trimmed.split('') : trimmed.split(/\s*[,;-]\s*|\s+/);
  const values = parts.map((p) => (/^[0-9]+$/.test(p) ? Number(p) : NaN));
  if (values.length !== DICE_COUNT || !values.every(isFace)) {
    return { error: `dice must be five values from 1 to 6, such as 2,3,4,4,4 (got "${text}")` };
  }
  return values;
}
