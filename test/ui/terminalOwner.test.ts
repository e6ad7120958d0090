import { describe, expect, it, vi } from 'vitest';
import { TerminalOwner, type KeyStream } from '../../src/ui/terminalOwner.js';

/** A terminal of fakes: stdin hands over `chunks` one read at a time; what is written to stdout and stderr is kept. */
function fakes(chunks: Array<string | Buffer> = []) {
  const out: string[] = [];
  const err: string[] = [];
  const raw: boolean[] = [];
  const stdin = {
    isTTY: true,
    isRaw: true,
    read: () => chunks.shift() ?? null,
    setRawMode: (on: boolean) => raw.push(on),
  } as unknown as KeyStream;
  const stdout = { write: (text: string) => out.push(text) > 0 } as unknown as NodeJS.WriteStream;
  const stderr = { write: (text: string) => err.push(text) > 0 } as unknown as NodeJS.WriteStream;
  return { stdin, stdout, stderr, out, err, raw, terminal: new TerminalOwner(stdin, stdout, stderr) };
}

describe('the terminal while the game owns it', () => {
  it.each([
    ['Ctrl-Z between keys is taken out', ['a\u001ab'], ['ab'], ['a\u001ab']],
    ['a read of Ctrl-Z alone gives the next read', ['\u001a', 'c'], ['c'], ['\u001a', 'c']],
    ['a Buffer stays a Buffer', [Buffer.from('x\u001ay')], [Buffer.from('xy')], ['x\u001ay']],
    ['keys without Ctrl-Z pass as they are', ['1 ', '\u001b[A'], ['1 ', '\u001b[A'], ['1 ', '\u001b[A']],
  ])('%s; every read is seen', (_, chunks, reads, seen) => {
    const f = fakes([...chunks]);
    const saw: string[] = [];
    f.terminal.filterKeys((text) => saw.push(text));
    const got: Array<string | Buffer> = [];
    for (let r = f.stdin.read(); r !== null; r = f.stdin.read()) got.push(r);
    expect(got).toEqual(reads);
    expect(saw).toEqual(seen);
  });

  it('Ctrl-Z alone in a read stops the game; inside a paste or a burst of bytes it is dropped, and nothing stops', async () => {
    const stops: string[] = [];
    const kill = vi.spyOn(process, 'kill').mockImplementation((_pid, signal) => {
      stops.push(String(signal));
      return true;
    });
    try {
      for (const [chunk, stopped] of [
        ['\u001b[200~hello\u001aworld\u001b[201~', false],
        ['x\u001a\u0003y', false],
        ['\u001a', true],
      ] as const) {
        const f = fakes([chunk]);
        f.terminal.filterKeys(() => undefined);
        f.terminal.enter();
        f.stdin.read();
        await new Promise((resolve) => setImmediate(resolve));
        expect(stops.includes('SIGSTOP'), JSON.stringify(chunk)).toBe(stopped);
      }
    } finally {
      kill.mockRestore();
    }
  });

  it('restore puts the terminal back once: raw mode off, the main screen, the cursor shown', () => {
    const f = fakes();
    f.terminal.restore();
    expect(f.out).toEqual([]);
    f.terminal.enter();
    f.terminal.restore();
    f.terminal.restore();
    expect(f.out).toEqual(['\u001b[?1049h\u001b[?2004h\u001b[H', '\u001b[?2004l\u001b[?1049l\u001b[?25h']);
    expect(f.raw).toEqual([false]);
  });

  it('what others write while the game is on the screen is shown after it, stderr under a line that says so', () => {
    const f = fakes();
    f.terminal.enter();
    f.terminal.hold(f.stderr, f.stdout);
    f.stderr.write('a warning');
    f.stdout.write('a line\n');
    f.terminal.write('the game\n');
    expect(f.err).toEqual([]);
    expect(f.out).toEqual(['\u001b[?1049h\u001b[?2004h\u001b[H', 'the game\n']);
    f.terminal.restore();
    f.terminal.showHeld();
    expect(f.out.slice(-1)).toEqual(['a line\n']);
    expect(f.err).toEqual(['yahtzee: written to the error stream while the game was on the screen:\na warning\n']);
    f.stderr.write('after');
    expect(f.err.at(-1)).toBe('after');
  });
});
