import { useIsScreenReaderEnabled } from 'ink';
import type { Dice } from '../engine/index.js';
import { isTooSmall, minimumSize, type AppModel } from '../app/index.js';
import { requiredKeyLabel } from '../app/labels.js';
import { GameScreen } from './GameScreen.js';
import { HelpScreen } from './HelpScreen.js';
import { ResumeScreen } from './ResumeScreen.js';
import { SetupScreen } from './SetupScreen.js';
import { SpokenScreen } from './SpokenScreen.js';
import { TooSmall } from './TooSmall.js';
import type { Celebration } from './hooks/useCelebration.js';

/** The whole screen for a model: too-small notice, instructions, the resume question, setup questions or the game; for a screen reader, in words. */
export function Screen({ model, faces, celebration = null }: { model: AppModel; faces?: Dice; celebration?: Celebration | null }) {
  if (useIsScreenReaderEnabled()) return <SpokenScreen model={model} />;
  if (model.screen === 'done') return null;
  if (isTooSmall(model)) return <TooSmall need={minimumSize(model)} size={model.size} quitKey={requiredKeyLabel(model, 'too-small', 'quit')} />;
  if (model.overlay === 'help') return <HelpScreen model={model} />;
  if (model.screen === 'resume') return <ResumeScreen model={model} />;
  if (model.screen === 'setup') return <SetupScreen model={model} />;
  return <GameScreen model={model} faces={faces ?? model.game?.dice ?? [1, 1, 1, 1, 1]} celebration={celebration} />;
}
