import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { watchInputGone } from '../../src/session/hangup.js';

function readError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`read ${code}`), { code, syscall: 'read' });
}

describe('watchInputGone: a terminal that goes away without a SIGHUP', () => {
  it('the end of stdin is a hang-up', () => {
    const input = new EventEmitter();
    let hangUps = 0;
    watchInputGone(input, () => hangUps++);
    input.emit('end');
    expect(hangUps).toBe(1);
  });

  it('a read that fails with EIO (the terminal half closed) is a hang-up too', () => {
    const input = new EventEmitter();
    let hangUps = 0;
    watchInputGone(input, () => hangUps++);
    input.emit('error', readError('EIO'));
    expect(hangUps).toBe(1);
  });

  it('any other read error is thrown on, for the crash handler, and is no hang-up', () => {
    const input = new EventEmitter();
    let hangUps = 0;
    watchInputGone(input, () => hangUps++);
    expect(() => input.emit('error', readError('EBADF'))).toThrow('read EBADF');
    expect(hangUps).toBe(0);
  });

  it('stops listening when asked: a later end or error is not a hang-up', () => {
    const input = new EventEmitter();
    let hangUps = 0;
    const stop = watchInputGone(input, () => hangUps++);
    stop();
    input.emit('end');
    expect(input.listenerCount('error')).toBe(0);
    expect(hangUps).toBe(0);
  });
});
