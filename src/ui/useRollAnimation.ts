import { useEffect, useState } from 'react';
import type { Dice, Face } from '../engine/index.js';

/** Frames of the roll animation and the time between them. */
export const ROLL_FRAMES = 6;
/** Milliseconds between animation frames. */
export const ROLL_FRAME_MS = 55;

const randomFace = (): Face => (1 + Math.floor(Math.random() * 6)) as Face;

/**
 * The faces to draw: the real dice, or for a moment after a roll random faces on the dice that were thrown.
 * Purely visual: the engine has already decided the roll. `rollCount` changes once per roll.
 */
export function useRollAnimation(dice: Dice, thrown: readonly boolean[], rollCount: number, enabled: boolean): Dice {
  const [frame, setFrame] = useState<Dice | null>(null);
  useEffect(() => {
    if (!enabled || !thrown.some((t) => t)) return;
    let n = 0;
    setFrame(dice.map((d, i) => (thrown[i] ? randomFace() : d)));
    const timer = setInterval(() => {
      n += 1;
      if (n >= ROLL_FRAMES) {
        clearInterval(timer);
        setFrame(null);
      } else setFrame(dice.map((d, i) => (thrown[i] ? randomFace() : d)));
    }, ROLL_FRAME_MS);
    return () => {
      clearInterval(timer);
      setFrame(null);
    };
    // Only a new roll starts the animation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rollCount, enabled]);
  return frame ?? dice;
}
