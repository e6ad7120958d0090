import { describe } from 'vitest';
import { fuzzLayout } from './fuzz.js';
import { fuzzThroughInk } from './ink.js';

describe('fuzz: the whole app driven by random keys, MSX layout', () => {
  fuzzLayout('msx');
  fuzzThroughInk('msx');
});
