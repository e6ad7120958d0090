import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalProgress } from '../../src/commands/solve.js';

/** A fake terminal stream that keeps what is written. */
function terminal(): { stream: NodeJS.WriteStream; text: () => string } {
  let written = '';
  const w = new Writable({
    write(chunk, _enc, done) {
      written += String(chunk);
      done();
    },
  });
  return { stream: Object.assign(w, { isTTY: true, columns: 80, rows: 24, cursorTo: () => true, clearLine: () => true, moveCursor: () => true }) as unknown as NodeJS.WriteStream, text: () => written };
}

describe('the progress bar', () => {
  it.each([
    ['a UTF-8 locale: shaded blocks', { LANG: 'C.UTF-8' }, /█+░+/],
    ['LANG=C: = and - only', { LANG: 'C' }, /\[=+-+\]/],
  ])('%s', (_what, env, bar) => {
    const t = terminal();
    const p = terminalProgress('Solving', t.stream, env);
    p.onProgress?.(10, 40);
    p.stop();
    expect(t.text()).toMatch(bar);
    if (env.LANG === 'C') expect(t.text()).toMatch(/^\p{ASCII}*$/u);
  });
});
