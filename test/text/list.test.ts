import { describe, expect, it } from 'vitest';
import { listWords } from '../../src/text/index.js';

describe('listWords', () => {
  it.each([
    [[], 'and', ''],
    [['ANN'], 'and', 'ANN'],
    [['ANN', 'BOB'], 'and', 'ANN and BOB'],
    [['ANN', 'BOB', 'CY'], 'and', 'ANN, BOB and CY'],
    [['Aces', 'Chance'], 'or', 'Aces or Chance'],
  ] as const)('%j with "%s": %s', (items, conjunction, want) => {
    expect(listWords(items, conjunction)).toBe(want);
  });
});
