import { describe, expect, it } from 'vitest';
import { scoreCommand } from '../../src/commands/score.js';

/** The option number and box id of each line of `yahtzee score`'s list, in its order. */
const listed = (text: string) => text.split('\n').flatMap((l) => /^ ?(\d+) .* (\w+)$/u.exec(l)?.slice(1, 3).join(' ') ?? []);

describe('yahtzee score lists the boxes by the option numbers of the layout asked for', () => {
  it("the sheet's numbers by default (MSX); the Spectrum inlay's with --layout spectrum, as its game takes them", () => {
    expect(listed(scoreCommand('1,2,3,4,5', { rules: 'brazilian' })).slice(9, 12)).toEqual(['10 sequenciaAlta', '11 sequenciaBaixa', '12 general']);
    expect(listed(scoreCommand('1,2,3,4,5', { rules: 'brazilian', layout: 'spectrum' })).slice(9, 12)).toEqual(['10 general', '11 sequenciaAlta', '12 sequenciaBaixa']);
  });

  it('an unknown layout is a usage error, with --json too', () => {
    expect(() => scoreCommand('1,2,3,4,5', { layout: 'zx' })).toThrow(/unknown layout "zx": use msx or spectrum/);
    expect(() => scoreCommand('1,2,3,4,5', { layout: 'zx', json: true })).toThrow(/unknown layout/);
  });
});
