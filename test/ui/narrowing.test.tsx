/** As the terminal narrows, Ink draws the frame it has before the game lays out anew: its lines are cut at the edge. */
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayOptions } from '../../src/app/options.js';
import { computerChoice } from '../../src/app/index.js';
import { App } from '../../src/ui/App.js';
import { FakeTerminal } from '../terminal/xterm.js';
import { FakeStdin } from './fakeStdin.js';

let ink: typeof import('ink');
beforeAll(async () => {
  // In CI Ink draws only the last frame; this is about the frames drawn while the game runs.
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  ink = await import('ink');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the terminal narrows under the game', () => {
  it('no frame Ink writes has a line wider than the terminal (the Spectrum setup, 120 to 60 columns)', async () => {
    const layout = 'spectrum' as const;
    const real = new FakeTerminal(120, 40);
    const options: PlayOptions = {
      layout,
      rules: 'official',
      players: 1,
      computers: 0,
      strength: 'casual',
      animation: false,
      color: false,
      practice: false,
      resume: false,
      fresh: false,
      match: { kind: 'single' as const },
    };
    // Plain Ink writing straight to the terminal (YAHTZEE_RENDER=ink): nothing between them cuts a line.
    const instance = ink.render(<App options={options} seed={1} computerMove={computerChoice} />, {
      stdout: real as unknown as NodeJS.WriteStream,
      stdin: new FakeStdin() as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
    });
    try {
      await sleep(100);
      expect(real.writes.join('')).toContain('Rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker');
      const from = real.writes.length;
      real.resize(60, 22);
      await sleep(100);
      const lines = real.writes.slice(from).join('').split('\n').map((l) => stripVTControlCharacters(l));
      expect(lines.some((l) => l.includes('Rules:'))).toBe(true);
      expect(lines.filter((l) => [...l].length > 60)).toEqual([]);
    } finally {
      instance.unmount();
      real.dispose();
    }
  });
});
