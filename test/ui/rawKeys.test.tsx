/**
 * Raw sequences that no layout binds, written to the app's stdin as a terminal or a paste sends them: the game goes
 * on (they are unknown keys) and a key in the same read is kept. Before the game read stdin itself, Ink's useInput
 * threw on Ctrl-F1 and pasted colour codes, which ended the game.
 */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine/index.js';
import { App } from '../../src/ui/App.js';
import { playOptions } from '../app/helpers.js';
import { SIZE, mount } from './mount.js';

const STRANGE: [string, string][] = [
  ['Ctrl-F1', '\u001b[1;5P'],
  ['Ctrl-F4', '\u001b[1;5S'],
  ['Ctrl-Shift-F1', '\u001b[1;6P'],
  ['a pasted ESC[31m', '\u001b[31m'],
  ['a pasted ESC[0m', '\u001b[0m'],
  ['a pasted ESC[101m', '\u001b[101m'],
  ['an OSC title', '\u001b]0;x\u0007'],
  ['a C1 CSI', '\u009b31m'],
];

const mountApp = (layout: 'msx' | 'spectrum', players?: number) =>
  mount(<App options={playOptions({ layout, ...(players !== undefined ? { players } : {}) })} seed={7} size={SIZE} />);

describe('raw sequences are unknown keys, in both layouts', () => {
  it.each(STRANGE)('MSX, %s in a game: "Unknown key" and the game goes on', async (_what, raw) => {
    const app = await mountApp('msx', 1);
    await app.type(raw);
    expect(app.lastFrame()).toContain('Unknown key');
    await app.type(' ');
    expect(app.lastFrame()).toContain('roll 2 of 3');
  });

  it.each(STRANGE)('Spectrum, %s at the name question: nothing typed, the name goes on', async (_what, raw) => {
    const app = await mountApp('spectrum');
    await app.type('A', raw, 'B');
    const frame = app.lastFrame() ?? '';
    expect(frame).toMatch(/AB/);
    expect(frame).not.toMatch(/31m|0;x|\[1;5/);
  });

  it('MSX: a key in the same read as ESC[0m is kept (1 player)', async () => {
    const app = await mountApp('msx');
    await app.type('1\u001b[0m');
    expect(app.lastFrame()).toContain('roll 1 of 3');
  });

  it('Spectrum: letters on both sides of a colour code in one read are all typed', async () => {
    const app = await mountApp('spectrum');
    await app.type('AN\u001b[31mN\r\r');
    expect(app.lastFrame()).toContain('ANN');
  });

  it('MSX: a sequence split across reads is one unknown key, then keys work', async () => {
    const app = await mountApp('msx', 1);
    await app.type('\u001b[1;', '5P');
    expect(app.lastFrame()).toContain('Unknown key');
    await app.type('1', ' ');
    expect(app.lastFrame()).toContain('roll 2 of 3');
  });

  it('a 10 KB paste of an OSC string and letters does not end the game', async () => {
    const app = await mountApp('msx', 1);
    await app.type('\u001b]0;' + 'x'.repeat(10_000) + '\u0007' + 'q'.repeat(5000));
    // The first q asks, the others are refused while the question is up.
    expect(app.lastFrame()).toContain('Press Y to quit or N to play on');
  });
});

describe('the resume question', () => {
  it('takes Ctrl-F1 and a pasted colour code as unknown keys, then Y in the same read', async () => {
    const choices: string[] = [];
    const state = newGame({ rules: 'official', players: [{ name: 'ANN', kind: 'human' }], seed: 3 });
    const begin = (answer: 'resume' | 'new') => {
      choices.push(answer);
      return { options: playOptions(), seed: 7 };
    };
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} resume={{ state, savedAt: '2026-11-30T10:00:00.000Z', layout: 'msx', practice: false, begin }} />);
    await app.type('\u001b[1;5P');
    expect(app.lastFrame()).toContain('Press Y to resume');
    expect(choices).toEqual([]);
    await app.type('\u001b[31my');
    expect(choices).toEqual(['resume']);
  });
});
