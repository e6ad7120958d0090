import { Box, Text, useApp } from 'ink';
import { useRef, useState } from 'react';
import { resumeKey, type ResumeChoice } from '../app/index.js';
import { describeSave } from '../view/index.js';
import type { GameState } from '../engine/index.js';
import { style } from './theme.js';
import { useKeys } from './useKeys.js';

/** Props of the resume question. */
export interface ResumePromptProps {
  readonly state: GameState;
  readonly savedAt: string;
  readonly color: boolean;
  readonly onChoice: (choice: ResumeChoice) => void;
}

/** Asks whether to take up the saved game: Y/ENTER resume, N new game, Q quit. */
export function ResumePrompt({ state, savedAt, color, onChoice }: ResumePromptProps) {
  const { exit } = useApp();
  const [refused, setRefused] = useState(false);
  const chosen = useRef(false);
  useKeys((keys) => {
    for (const { input, key } of keys) {
      if (chosen.current) return;
      const choice = resumeKey(input, key);
      if (choice === null) {
        setRefused(true);
        continue;
      }
      chosen.current = true;
      onChoice(choice);
      exit();
    }
  });
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text {...style('title', color)}>YAHTZEE</Text>
      <Text> </Text>
      <Text>A saved game is waiting:</Text>
      <Box flexDirection="column" marginLeft={2}>
        {describeSave(state, savedAt).map((line, i) => (
          <Text key={i} wrap="truncate">
            {line}
          </Text>
        ))}
      </Box>
      <Text> </Text>
      <Text {...style('error', color)}>{refused ? 'Press Y to resume, N for a new game or Q to quit' : ' '}</Text>
      <Text>
        <Text {...style('key', color)}>Y</Text>/<Text {...style('key', color)}>ENTER</Text> resume  <Text {...style('key', color)}>N</Text> new game{'  '}
        <Text {...style('key', color)}>Q</Text> quit
      </Text>
      <Text {...style('dim', color)}>(a new game keeps the saved one until the new game scores its first box)</Text>
    </Box>
  );
}
