import { useEffect, useMemo, useState } from 'react';
import type { Dice, Face } from '../engine/index.js';

/** Frames of the roll animation. */
export const ROLL_FRAMES = 6;
/** Milliseconds between animation frames. */
export const ROLL_FRAME_MS = 55;

const randomFace = (): Face => (1 + Math.floor(Math.random() * 6)) as Face;

/**
 * The faces to draw: the real dice, or while the last roll has not landed random faces on the dice it threw, a new
 * set every `frameMs`; after ROLL_FRAMES of them `onLanded(rollCount)` is called (the model then says the dice have
 * landed, and the screen shows what they mean). Purely visual: the engine has already decided the roll.
 * `rollCount` changes once per roll; `landed` true (no animation, or a key pressed meanwhile) ends it at once.
 */
export function useRollAnimation(
  dice: Dice,
  thrown: readonly boolean[],
  rollCount: number,
  landed: boolean,
  onLanded: (rollCount: number) => void,
  frameMs: number = ROLL_FRAME_MS,
): Dice {
  const [frame, setFrame] = useState<Dice | null>(null);
  // The first frame of a roll is drawn with the render that brings the roll: never the real faces before it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const first = useMemo(() => dice.map((d, i) => (thrown[i] ? randomFace() : d)), [rollCount]);
  useEffect(() => {
    if (landed) return;
    if (!thrown.some((t) => t)) {
      onLanded(rollCount);
      return;
    }
    // Until the first interval the frame is null, so `first` is drawn (the cleanup of the last roll set it null).
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      if (n >= ROLL_FRAMES) {
        clearInterval(timer);
        // One render: the real faces and what they mean together.
        setFrame(null);
        onLanded(rollCount);
      } else setFrame(dice.map((d, i) => (thrown[i] ? randomFace() : d)));
    }, frameMs);
    return () => {
      clearInterval(timer);
      setFrame(null);
    };
    // Only a new roll (or its landing) starts or ends the animation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rollCount, landed]);
  // Once landed the real dice are drawn, whatever frame was last set.
  return landed ? dice : (frame ?? first);
}
