import { it } from 'vitest';
import { finishGame, press, start } from '../app/helpers.js';
import { frame } from './render.js';
it('scratch', () => {
  console.log(frame(start({ layout: 'spectrum', names: ['ANN', 'BOB'] })));
  console.log(frame(press(start({ layout: 'spectrum', names: ['ANN', 'BOB'] }),'p','6')));
  console.log(frame(start({ match: {kind:'games', games: 3} })));
  console.log(frame(start({ match: {kind:'games', games: 3} }, {size: {columns: 60, rows: 20}})));
});
