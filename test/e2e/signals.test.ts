import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameHomes } from './homes.js';
import { BIN, KEYS, TerminalSession } from './terminal.js';

const GAME = ['--seed', '21', '--players', '1', '--no-animation'];
const games = gameHomes('signals');
const home = games.home;
const start = (dir: string, args: readonly string[] = GAME, env: Record<string, string> = {}, size: { cols?: number; rows?: number } = {}) => games.start(dir, args, env, size);
const ALT_ON = '\u001b[?1049h';
const ALT_OFF = '\u001b[?1049l';
const SHOW_CURSOR = '\u001b[?25h';

/** A saved game in `dir`, one box scored (played and left with Ctrl-C). */
async function savedGame(dir: string): Promise<string> {
  const t = start(dir);
  await t.waitFor('roll 1 of 3');
  t.write('i');
  t.write(KEYS.right);
  await t.waitFor(/scored \d+ in Aces/);
  t.write(KEYS.ctrlC);
  expect((await t.waitForExit()).exitCode).toBe(130);
  return readFileSync(join(dir, 'game.json'), 'utf8');
}

/** The process's state letter from /proc (T: stopped). */
function procState(pid: number): string {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];
}

async function until(test: () => boolean, what: string, ms = 10000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('signals at the resume question: the terminal is restored and the save is untouched', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
    ['SIGQUIT', 131],
    ['SIGUSR2', 140],
    ['SIGALRM', 142],
    ['SIGXCPU', 152],
    ['SIGVTALRM', 154],
    ['SIGPROF', 155],
    ['SIGIO', 157],
    ['SIGPWR', 158],
  ] as const)('%s exits %i and leaves the alternate screen', async (signal, code) => {
    const dir = home();
    const before = await savedGame(dir);
    const t = start(dir, ['--no-animation']);
    await t.waitFor('A saved game is waiting');
    t.proc.kill(signal);
    expect((await t.waitForExit()).exitCode).toBe(code);
    expect(t.output.lastIndexOf(ALT_OFF)).toBeGreaterThan(t.output.lastIndexOf(ALT_ON));
    expect(t.output.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(t.output.lastIndexOf(ALT_ON));
    expect(readFileSync(join(dir, 'game.json'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'game.lock'))).toBe(false);
  });
});

describe('Ctrl-Z suspends like any full-screen program; SIGCONT (fg) brings the whole screen back', () => {
  it('in the game: the terminal is restored and the process stops; on SIGCONT the alternate screen comes back, redrawn, and keys work', async () => {
    const t = start(home());
    await t.waitFor('roll 1 of 3');
    const before = t.output.length;
    t.write('\u001a');
    // Stopped, and what it wrote before it stopped read from the terminal (under load that can come after the stop is seen).
    await until(() => procState(t.proc.pid) === 'T' && t.output.slice(before).includes(SHOW_CURSOR), 'the process to stop');
    const away = t.output.slice(before);
    expect(away).toContain(ALT_OFF);
    expect(away).toContain(SHOW_CURSOR);
    const back = t.output.length;
    t.proc.kill('SIGCONT');
    await until(() => t.output.slice(back).includes(ALT_ON) && t.output.slice(back).includes('TOTAL'), 'the screen to be redrawn');
    const screen = await t.waitFor('roll 1 of 3');
    expect(screen).toContain('Aces');
    expect(screen).not.toContain('Unknown key');
    t.write(' ');
    await t.waitFor('roll 2 of 3');
  });

  it('in screen-reader mode too (Ink draws it): on SIGCONT the words are drawn again at once, before any key', async () => {
    const t = start(home(), GAME, { INK_SCREEN_READER: 'true' });
    await t.waitFor(/roll 1 of 3/i);
    t.write('\u001a');
    await until(() => procState(t.proc.pid) === 'T', 'the process to stop');
    const back = t.output.length;
    t.proc.kill('SIGCONT');
    await until(() => t.output.slice(back).includes(ALT_ON) && /roll 1 of 3/i.test(t.output.slice(back)), 'the words to be drawn again');
    t.write(' ');
    await t.waitFor(/roll 2 of 3/i);
  });

  it('a resize while stopped under a shell (the shell is told of it, not the game): fg draws for the new size', async () => {
    const dir = home();
    const t = new TerminalSession(['--norc', '--noprofile', '-i'], { command: 'bash', env: { PS1: '$ ', YAHTZEE_HOME: dir } });
    try {
      await t.waitFor('$');
      t.write(`${process.execPath} ${BIN} --players 4 --no-animation --new\r`);
      await t.waitFor('roll 1 of 3');
      t.write('\u001a');
      await t.waitFor(/Stopped/);
      t.resize(60, 20);
      t.write('fg\r');
      // 4 seats need 78x22: the notice, not the old frame drawn on a screen it no longer fits.
      await t.waitFor('78x22 needed: enlarge the terminal');
      t.resize(80, 24);
      await t.waitFor('roll 1 of 3');
    } finally {
      t.dispose();
    }
  });

  it('SIGTSTP from outside stops it the same way', async () => {
    const t = start(home());
    await t.waitFor('roll 1 of 3');
    t.proc.kill('SIGTSTP');
    await until(() => procState(t.proc.pid) === 'T', 'the process to stop');
    t.proc.kill('SIGCONT');
    await t.waitFor('roll 1 of 3');
    t.write(' ');
    await t.waitFor('roll 2 of 3');
  });
});

describe('the crash handler (the last line of defence; YAHTZEE_TEST_CRASH makes Ctrl-] crash, for this test only)', () => {
  it.each(['exception', 'rejection'])('an uncaught %s: the game is saved, the terminal restored, a crash report written, one line says where, exit 70', async (kind) => {
    const dir = home();
    const t = start(dir, GAME, { YAHTZEE_TEST_CRASH: kind });
    await t.waitFor('roll 1 of 3');
    t.write('i');
    t.write(KEYS.right);
    await t.waitFor(/scored \d+ in Aces/);
    t.write('1');
    await t.waitFor('KEEP');
    t.write('\u001d');
    expect((await t.waitForExit()).exitCode).toBe(70);
    expect(t.output.lastIndexOf(ALT_OFF)).toBeGreaterThan(t.output.lastIndexOf(ALT_ON));
    const reports = readdirSync(dir).filter((f) => /^crash-.*\.txt$/.test(f));
    expect(reports).toHaveLength(1);
    const line = t.output.slice(t.output.lastIndexOf(ALT_OFF)).replace(/\r/g, '');
    expect(line).toMatch(new RegExp(`yahtzee: the game stopped on an internal error \\(${kind === 'exception' ? 'uncaught exception' : 'unhandled rejection'}\\); your game is saved in .*game\\.json; a crash report is in .*${reports[0]}`));
    const report = readFileSync(join(dir, reports[0]), 'utf8');
    expect(report).toMatch(/^yahtzee crash report\ntime: .*\nversion: \d+\.\d+\.\d+\n/);
    expect(report).toContain('test crash');
    expect(report).toMatch(/at .*\(/);
    expect(report).toContain('last actions');
    expect(report).toContain('"1"');
    const save = JSON.parse(readFileSync(join(dir, 'game.json'), 'utf8'));
    expect(Object.keys(save.state.cards[0].boxes)).toEqual(['aces']);
    expect(save.state.held[0]).toBe(true);
    expect(existsSync(join(dir, 'game.lock'))).toBe(false);
  });
});

describe('the farewell says only what is true', () => {
  it('YAHTZEE_HOME pointing at a file: the game was NOT saved, and why; never "saved"', async () => {
    const dir = home();
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const t = start(file);
    await t.waitFor('roll 1 of 3');
    t.write('i');
    t.write(KEYS.right);
    await t.waitFor(/NOT SAVED: a file stands where a folder should be/);
    t.write(KEYS.ctrlC);
    await t.waitForExit();
    // The lines for the shell are wrapped at words to the terminal's width: read back as one.
    const after = t.output.slice(t.output.lastIndexOf(ALT_OFF)).replace(/\r\n/g, ' ');
    expect(after).toMatch(/your game was NOT saved: the game could not be saved in .*a-file\/game\.json: a file stands where a folder should be/);
    expect(after).toContain('Nothing of it is kept');
    expect(after).not.toMatch(/game is saved/);
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it.each([
    // At 80 columns the line has room for the reason the game is not saved only; at 120, for the cache's line too.
    [80, /NOT SAVED: a file stands where a folder should be\s*$/m],
    [120, /NOT SAVED: a file stands where a folder should be · The strategy table is used from memory/],
  ])('YAHTZEE_HOME pointing at a file, at %i columns: the hint is still computed and shown, the cache that cannot be written is one line, no raw error', async (cols, line) => {
    const dir = home();
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const t = start(file, ['--seed', '21', '--players', '1', '--rules', 'brazilian', '--no-animation'], {}, { cols, rows: 24 });
    await t.waitFor('roll 1 of 3');
    t.write('t');
    const screen = await t.waitFor(/reroll/, 30000);
    expect(screen).toMatch(line);
    expect(screen).not.toMatch(/ENOTDIR|rmSync|…/);
  });

  it('a file-size limit (ulimit -f 1): the game plays on, says it is NOT saved and why, and leaves no temporary file', async () => {
    const dir = home();
    const t = games.start(dir, ['-c', `ulimit -f 1 && exec "${process.execPath}" "${BIN}" ${GAME.join(' ')}`], {}, { command: '/bin/sh' });
    // A save of a game under way does not fit in the limit's 1024 bytes.
    await t.waitFor('roll 1 of 3');
    t.write('i');
    t.write(KEYS.right);
    const screen = await t.waitFor(/NOT SAVED: the file-size limit \(ulimit -f\) is reached/);
    expect(screen).toContain('roll 1 of 3');
    t.write('q');
    await t.waitFor('y yes, quit');
    t.write('y');
    expect((await t.waitForExit()).exitCode).toBe(0);
    expect(t.output).toMatch(/NOT saved/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a game that saves: the farewell says where, wrapped at words to a 60-column terminal (never inside a word)', async () => {
    const dir = home();
    await savedGame(dir);
    const t = start(dir, ['--resume', '--no-animation'], {}, { cols: 60, rows: 24 });
    await t.waitFor('Welcome back');
    t.write(KEYS.ctrlC);
    await t.waitForExit();
    const lines = t.output.slice(t.output.lastIndexOf(ALT_OFF) + ALT_OFF.length).split('\r\n');
    expect(lines.join(' ')).toContain(`your game is saved in ${join(dir, 'game.json')}; run yahtzee again to resume it`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
  });
});

describe('SIGUSR1 (which starts Node\'s debugger by default)', () => {
  it('opens no debugger and prints nothing over the screen: the game plays on', async () => {
    const t = start(home());
    await t.waitFor('roll 1 of 3');
    t.proc.kill('SIGUSR1');
    t.write('i');
    t.write(KEYS.right);
    await t.waitFor(/scored \d+ in Aces/);
    expect(t.output).not.toContain('Debugger listening');
    t.write(KEYS.ctrlC);
    expect((await t.waitForExit()).exitCode).toBe(130);
  });
});
