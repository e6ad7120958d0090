import { useEffect, useState } from 'react';
import { fiveAlike, type AppModel } from '../../app/index.js';

/** Flashes of the dice in a Yahtzee's celebration (on and off in turn), and the milliseconds between them. */
const CELEBRATION_FLASHES = 8;
const CELEBRATION_FLASH_MS = 125;

/** A Yahtzee being celebrated on the screen: the dice drawn flashed (or not) in this frame, the banner up meanwhile. */
export interface Celebration {
  readonly flash: boolean;
}

/**
 * A Yahtzee celebrated for about a second once its dice have landed: the dice flash and a banner stands beside them.
 * Purely the screen's: the model notes the roll (its count) and the dice; the time is here. Not with --no-animation,
 * nor for a screen reader (the message line says it in words, and --sound rings the bell: useBell).
 */
export function useCelebration(model: AppModel, landed: boolean, flashMs: number = CELEBRATION_FLASH_MS): Celebration | null {
  const on = model.settings.animation && !model.screenReader;
  // Each roll has its own count: a Yahtzee is celebrated once, when it lands, and not again on a redraw.
  const yahtzee = on && landed && fiveAlike(model.game) ? model.roll.count : -1;
  // The flashes left of the roll last celebrated; a new Yahtzee starts with all of them.
  const [shown, setShown] = useState<{ roll: number; left: number } | null>(null);
  useEffect(() => {
    if (yahtzee < 0) return;
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      setShown({ roll: yahtzee, left: CELEBRATION_FLASHES - n });
      if (n >= CELEBRATION_FLASHES) clearInterval(timer);
    }, flashMs);
    return () => clearInterval(timer);
  }, [yahtzee, flashMs]);
  if (yahtzee < 0) return null;
  const left = shown?.roll === yahtzee ? shown.left : CELEBRATION_FLASHES;
  return left > 0 ? { flash: left % 2 === 0 } : null;
}
