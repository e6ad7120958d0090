import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRuleSet, parseDice, type Card, type Dice, type RuleSetId } from '../../src/engine/index.js';

/** Dice from "6 6 6 6 1", "6-6-6-6-1" or "66661"; throws on a typo in a test table. */
export function dice(text: string): Dice {
  const parsed = parseDice(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

/** A card of `rules` with every box filled with 0 except those in `open`, then `filled` on top. */
export function cardWithOpen(rules: RuleSetId, open: readonly string[], filled: Record<string, number> = {}, yahtzeeBonuses = 0): Card {
  const boxes: Record<string, number> = {};
  for (const b of getRuleSet(rules).boxes) if (!open.includes(b.id)) boxes[b.id] = 0;
  for (const id of open) if (!getRuleSet(rules).boxes.some((b) => b.id === id)) throw new Error(`no box ${id} in ${rules}`);
  return { boxes: { ...boxes, ...filled }, yahtzeeBonuses };
}

/** The boxes of an official card played through with middling scores (the win tests' games start from it). */
export const PLAYED_BOXES: Readonly<Record<string, number>> = { aces: 3, twos: 6, threes: 9, fours: 12, fives: 15, sixes: 18, threeOfAKind: 22, fourOfAKind: 0, fullHouse: 25, smallStraight: 30, largeStraight: 40, yahtzee: 0, chance: 21 };

/** The played card with the boxes in `open` open again and the scores in `changed` changed. */
export function playedCard(open: readonly string[], changed: Record<string, number> = {}): Card {
  const boxes = { ...PLAYED_BOXES, ...changed };
  for (const b of open) delete boxes[b];
  return { boxes, yahtzeeBonuses: 0 };
}

/** A fresh temporary folder, for a cache that starts empty. */
export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `yahtzee-solver-${label}-`));
}

/**
 * Late sub-games of each rule set for the kernels' tests: five to six boxes open, among them upper boxes and the
 * Yahtzee box, filled with 0 or its full points (so the Joker and the bonus are in).
 */
export const KERNEL_SUBGAMES: readonly { rules: RuleSetId; open: string[]; filled?: Record<string, number> }[] = [
  { rules: 'official', open: ['aces', 'fours', 'sixes', 'fullHouse', 'yahtzee', 'chance'] },
  { rules: 'official', open: ['twos', 'fives', 'smallStraight', 'largeStraight', 'threeOfAKind'], filled: { yahtzee: 50, sixes: 18 } },
  { rules: 'official', open: ['threes', 'fours', 'fourOfAKind', 'largeStraight', 'chance'], filled: { yahtzee: 0, aces: 3 } },
  { rules: 'free-joker', open: ['threes', 'sixes', 'largeStraight', 'fourOfAKind', 'chance'], filled: { yahtzee: 50 } },
  { rules: 'spectrum', open: ['aces', 'fives', 'yahtzee', 'fullHouse', 'chance'] },
  { rules: 'brazilian', open: ['twos', 'sixes', 'general', 'aleatoria', 'fullHouse'] },
];
