import { Box, Text } from 'ink';
import { DIE_LETTERS, type Dice as DiceFaces } from '../engine/index.js';
import type { Layout } from '../app/keymaps/index.js';
import { dieLines } from './dieArt.js';
import { memoPlain } from './memo.js';
import { style } from './theme.js';

/** Props of the dice. */
export interface DiceProps {
  readonly faces: DiceFaces;
  readonly held: readonly boolean[];
  readonly layout: Layout;
  /** Rows of die indexes: [[0,1,2],[3,4]] beside the chart, [[0,1,2,3,4]] under it. */
  readonly rows: readonly (readonly number[])[];
  readonly gap: number;
  readonly color: boolean;
  /** A Yahtzee's celebration: the dice drawn in reverse in this frame. */
  readonly flash?: boolean;
}

/**
 * The label under a die: its letter A-E, as on both originals; in the MSX layout its key beside it as a key cap
 * ("A [1]"), so that the digit reads as a key and never as the die's face.
 */
export function dieLabel(layout: Layout, die: number): string {
  const letter = DIE_LETTERS[die];
  if (!layout.dieKeys) return letter.padStart(4).padEnd(7);
  return ` ${letter} [${die + 1}] `;
}

/** The five dice drawn as pip faces, lettered A-E, kept ones with a double border and KEEP or HOLD under them. */
export const Dice = memoPlain(function Dice({ faces, held, layout, rows, gap, color, flash = false }: DiceProps) {
  const space = ' '.repeat(gap);
  // Each row of dice is one text of seven lines (fewer nodes for Ink to lay out on every key than a text per line).
  return (
    <Box flexDirection="column">
      {rows.map((row, r) => {
        const art = row.map((i) => dieLines(faces[i], held[i] === true));
        const line = (key: string, text: (i: number, k: number) => string, styled: (i: number) => boolean, inverse = false) => (
          <Text key={key}>
            {row.map((i, k) => (
              <Text key={i} {...(styled(i) ? style('held', color) : {})}>
                {k > 0 ? space : ''}
                <Text inverse={inverse}>{text(i, k)}</Text>
              </Text>
            ))}
          </Text>
        );
        const lines = [
          ...[0, 1, 2, 3, 4].map((n) => line(`art${n}`, (_i, k) => art[k][n], (i) => held[i] === true, flash)),
          line('label', (i) => dieLabel(layout, i), (i) => held[i] === true),
          line('word', (i) => (held[i] ? layout.holdWord.padStart(5).padEnd(7) : ' '.repeat(7)), () => true),
        ];
        return <Text key={r}>{lines.flatMap((l, n) => (n === 0 ? [l] : ['\n', l]))}</Text>;
      })}
    </Box>
  );
});
