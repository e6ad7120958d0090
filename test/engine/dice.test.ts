import { describe, expect, it } from 'vitest';
import { isDice, parseDice } from '../../src/engine/index.js';

describe('parseDice', () => {
  it.each([
    ['2,3,4,4,4', [2, 3, 4, 4, 4]],
    ['2 3 4 4 4', [2, 3, 4, 4, 4]],
    ['5-5-5-2-5', [5, 5, 5, 2, 5]],
    ['23444', [2, 3, 4, 4, 4]],
    ['  6, 6 ,1,1,1 ', [6, 6, 1, 1, 1]],
  ])('"%s" reads as %j', (text, expected) => {
    expect(parseDice(text)).toEqual(expected);
  });

  it.each(['', '1,2,3,4', '1,2,3,4,5,6', '0,1,2,3,4', '1,2,3,4,7', 'a,b,c,d,e', '1.5,2,3,4,5', '123456', '12,3,4,5,6', '-1,-2,-3,-4,-5', '1,,2,3,4,5', '1,2,3,4,5,'])('"%s" is refused with a message', (text) => {
    expect(parseDice(text)).toEqual({ error: `dice must be five values from 1 to 6, such as 2,3,4,4,4 (got "${text}")` });
  });

  it('isDice accepts five faces and nothing else', () => {
    expect([isDice([1, 2, 3, 4, 5]), isDice([1, 2, 3, 4]), isDice([1, 2, 3, 4, 0]), isDice('12345'), isDice(null)]).toEqual([true, false, false, false, false]);
  });
});
