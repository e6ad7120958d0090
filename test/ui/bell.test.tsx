import { describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { SIZE, mount } from './mount.js';

const BELL = '\u0007';

describe('sound (useBell): the terminal bell on a refused key', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('sound %s: an unknown key rings the bell %i time(s)', async (sound, rings) => {
    const app = await mount(<App options={playOptions({ sound })} seed={7} size={SIZE} start={start({ players: 1, names: ['ANN'], sound })} />);
    const before = app.frames.join('').split(BELL).length - 1;
    await app.type('x');
    expect(app.frames.some((f) => f.includes('Unknown key'))).toBe(true);
    expect(app.frames.join('').split(BELL).length - 1 - before).toBe(rings);
  });
});
