import { Box, Text } from 'ink';
import { DIE_LETTERS, type Dice as DiceFaces } from '../engine/index.js';
import type { Layout } from '../input/index.js';
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
}

/** The label under a die: its letter, and in the MSX layout its key, bracketed when marked ("A [1]"). */
export function dieLabel(layout: Layout, die: number, kept: boolean): string {
  const letter = DIE_LETTERS[die];
  if (!layout.dieKeys) return letter.padStart(4).padEnd(7);
  return (kept ? ` ${letter} [${die + 1}] ` : ` ${letter}  ${die + 1}  `).padEnd(7);
}

/** The five dice drawn as pip faces, lettered A-E, kept ones with a double border and KEEP or HOLD under them. */
export const Dice = memoPlain(function Dice({ faces, held, layout, rows, gap, color }: DiceProps) {
  const space = ' '.repeat(gap);
  return (
    <Box flexDirection="column">
      {rows.map((row, r) => {
        const art = row.map((i) => dieLines(faces[i], held[i] === true));
        return (
          <Box key={r} flexDirection="column">
            {[0, 1, 2, 3, 4].map((line) => (
              <Text key={line} wrap="truncate">
                {row.map((i, k) => (
                  <Text key={i} {...(held[i] ? style('held', color) : {})}>
                    {(k > 0 ? space : '') + art[k][line]}
                  </Text>
                ))}
              </Text>
            ))}
            <Text wrap="truncate">
              {row.map((i, k) => (
                <Text key={i} {...(held[i] ? style('held', color) : {})}>
                  {(k > 0 ? space : '') + dieLabel(layout, i, held[i] === true)}
                </Text>
              ))}
            </Text>
            <Text wrap="truncate">
              {row.map((i, k) => (
                <Text key={i} {...style('held', color)}>
                  {(k > 0 ? space : '') + (held[i] ? layout.holdWord.padStart(5).padEnd(7) : ' '.repeat(7))}
                </Text>
              ))}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
});
