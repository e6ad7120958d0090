import { describe, expect, it } from 'vitest';
import { gameHomes } from './homes.js';
import { BIN, TerminalSession } from './terminal.js';

const games = gameHomes('memory');

describe('an address-space limit too small for the layout engine (ulimit -v)', () => {
  it.each([1, 4, 8])('at %i GiB the game says in one line what is missing, exit 1, no trace', async (gib) => {
    const dir = games.home();
    const t = new TerminalSession(['-c', `ulimit -v ${gib * 1024 * 1024} && exec "${process.execPath}" "${BIN}" --seed 1 --players 1`], { command: 'sh', env: { YAHTZEE_HOME: dir } });
    const exit = await t.waitForExit(20000);
    t.dispose();
    const text = t.output.replace(/\r/g, '');
    expect(text).toMatch(/^yahtzee: the game cannot start: its screen layout \(Yoga, in WebAssembly\) needs about 10 GiB of address space and cannot have it \(is there a limit such as ulimit -v\?\)\n$/);
    expect(exit.exitCode).toBe(1);
  });
});
