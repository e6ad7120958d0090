import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { GuestTerminal, MAX_COLUMNS, MAX_ROWS } from '../../src/table/guestTerminal.js';

/** A channel whose buffer is full once `room` writes are in it, until it drains. */
class FakeChannel extends EventEmitter {
  readonly sent: string[] = [];
  constructor(private room: number) {
    super();
  }
  write(data: string): boolean {
    this.sent.push(data);
    return this.sent.length < this.room;
  }
  drain(room: number): void {
    this.room = this.sent.length + room;
    this.emit('drain');
  }
}

describe("a guest's terminal over SSH", () => {
  it('drops the frames a client that stops reading has no room for, and has the whole screen redrawn once it reads again', () => {
    const channel = new FakeChannel(2);
    const terminal = new GuestTerminal(channel, 80, 24);
    let redrawn = 0;
    terminal.onCaughtUp = () => redrawn++;
    terminal.write('a');
    terminal.write('b');
    terminal.write('c');
    terminal.write('d');
    expect(channel.sent).toEqual(['a', 'b']);
    expect(redrawn).toBe(0);
    channel.drain(10);
    expect(redrawn).toBe(1);
    terminal.write('e');
    expect(channel.sent).toEqual(['a', 'b', 'e']);
  });

  it('a full buffer with nothing dropped needs no redraw', () => {
    const channel = new FakeChannel(1);
    const terminal = new GuestTerminal(channel, 80, 24);
    let redrawn = 0;
    terminal.onCaughtUp = () => redrawn++;
    terminal.write('a');
    channel.drain(10);
    expect(redrawn).toBe(0);
  });

  it('takes any size: 0 is left for the screen to read as 80x24, a huge one is cut to the largest drawn', () => {
    const terminal = new GuestTerminal(new FakeChannel(10), 0, 0);
    expect([terminal.columns, terminal.rows]).toEqual([0, 0]);
    let resized = 0;
    terminal.on('resize', () => resized++);
    terminal.resize(10000, 10000);
    expect([terminal.columns, terminal.rows]).toEqual([MAX_COLUMNS, MAX_ROWS]);
    terminal.resize(-5, Number.NaN);
    expect([terminal.columns, terminal.rows]).toEqual([0, 0]);
    expect(resized).toBe(2);
  });
});
