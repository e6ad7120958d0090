import { describe, expect, it } from 'vitest';
import { colourWanted, parsePlayFlags } from '../../src/commands/playOptions.js';

describe('colours', () => {
  it.each([
    ['nothing set', {}, true],
    ['NO_COLOR=1', { NO_COLOR: '1' }, false],
    ['an empty NO_COLOR', { NO_COLOR: '' }, true],
    ['FORCE_COLOR=0', { FORCE_COLOR: '0' }, false],
    ['FORCE_COLOR=false', { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR=1', { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=3 over NO_COLOR', { FORCE_COLOR: '3', NO_COLOR: '1' }, true],
    ['FORCE_COLOR set empty over NO_COLOR', { FORCE_COLOR: '', NO_COLOR: '1' }, true],
  ])('%s', (_what, env, wanted) => {
    expect(colourWanted(env)).toBe(wanted);
    expect(parsePlayFlags({}, env).color).toBe(wanted);
  });

  it('--no-color means no colours whatever the environment says, the same as NO_COLOR', () => {
    expect(parsePlayFlags({ color: false }, { FORCE_COLOR: '1' }).color).toBe(false);
    expect(parsePlayFlags({ color: false }, {})).toEqual(parsePlayFlags({}, { NO_COLOR: '1' }));
  });
});
