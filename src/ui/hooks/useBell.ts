import { useEffect } from 'react';
import { fiveAlike, type AppModel } from '../../app/index.js';
import { ringBell } from '../../terminal/index.js';

/** Sound (--sound): the terminal's bell on `stdout` on a refused key (each new refusal) and when five alike have landed. */
export function useBell(model: AppModel, landed: boolean, stdout: { write(data: string): unknown }): void {
  const sound = model.settings.sound;
  useEffect(() => {
    if (sound && model.message?.tone === 'error') ringBell(stdout);
  }, [model.message, sound, stdout]);
  const yahtzee = landed && fiveAlike(model.game) ? model.roll.count : -1;
  useEffect(() => {
    if (sound && yahtzee >= 0) ringBell(stdout);
  }, [yahtzee, sound, stdout]);
}
