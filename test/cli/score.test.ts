import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

const BOXES = ['aces', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance'];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/yahtzee.js score ARGS` (the built CLI) with no terminal on stdin. */
function score(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(process.execPath, [BIN, 'score', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      done({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

type Boxes = Record<string, { points: number; allowed: boolean }>;

/** The JSON a successful `--json` run printed. */
function json(r: Run): { rules: string; dice: number[]; boxes: Boxes; yahtzeeBonus: number } {
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

beforeAll(() => {
  if (!existsSync(DIST)) throw new Error('dist/cli.js is missing: run "npm run build" first ("npm test" does)');
});

describe.concurrent('yahtzee score (the built binary)', () => {
  it('2,3,4,4,4 --json gives three of a kind 17, in the shape {rules, dice, boxes: {box: {points, allowed}}, yahtzeeBonus}', async ({ expect }) => {
    const r = await score('2,3,4,4,4', '--json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const out = json(r);
    expect(Object.keys(out)).toEqual(['rules', 'dice', 'boxes', 'yahtzeeBonus']);
    expect([out.rules, out.dice, out.yahtzeeBonus]).toEqual(['official', [2, 3, 4, 4, 4], 0]);
    expect(Object.keys(out.boxes)).toEqual(BOXES);
    for (const b of BOXES) expect(Object.keys(out.boxes[b]).sort()).toEqual(['allowed', 'points']);
    expect(out.boxes.threeOfAKind).toEqual({ points: 17, allowed: true });
    expect(out.boxes.fours).toEqual({ points: 12, allowed: true });
    expect(out.boxes.fullHouse).toEqual({ points: 0, allowed: true });
  });

  it('a Joker via --card yahtzee=50,fives=25: the lower boxes at full value, upper boxes refused, +100', async ({ expect }) => {
    const out = json(await score('5,5,5,5,5', '--card', 'yahtzee=50,fives=25', '--json'));
    expect(out.yahtzeeBonus).toBe(100);
    expect(out.boxes.largeStraight).toEqual({ points: 40, allowed: true });
    expect(out.boxes.smallStraight).toEqual({ points: 30, allowed: true });
    expect(out.boxes.fullHouse).toEqual({ points: 25, allowed: true });
    expect(out.boxes.sixes).toEqual({ points: 0, allowed: false });
    expect([out.boxes.fives.allowed, out.boxes.yahtzee.allowed]).toEqual([false, false]);
  });

  it('a Joker via --card yahtzee=50 with Fives open: only Fives is allowed', async ({ expect }) => {
    const out = json(await score('5,5,5,5,5', '-c', 'yahtzee=50', '--json'));
    expect(Object.entries(out.boxes).filter(([, o]) => o.allowed).map(([b, o]) => [b, o.points])).toEqual([['fives', 25]]);
    expect(out.yahtzeeBonus).toBe(100);
  });

  it.for<[string, string, Record<string, number>]>([
    ['brazilian', '1,2,3,4,5', { sequenciaBaixa: 40, sequenciaAlta: 0, aleatoria: 15 }],
    ['spectrum', '2,3,4,5,5', { smallStraight: 30, largeStraight: 0, chance: 19 }],
    ['free-joker', '2,3,4,4,4', { threeOfAKind: 17 }],
  ])('--rules %s %s scores by that rule set', async ([id, diceText, expected], { expect }) => {
    const out = json(await score(diceText, '--rules', id, '--json'));
    expect(out.rules).toBe(id);
    for (const [box, points] of Object.entries(expected)) expect(out.boxes[box]?.points, box).toBe(points);
  });

  it('plain text is a table: a title, then one row per box with its number, name, points and id', async ({ expect }) => {
    const r = await score('2,3,4,4,4');
    expect([r.status, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('2 3 4 4 4 with the official rules:');
    expect(lines[1]).toBe('');
    const rows = lines.slice(2);
    expect(rows).toHaveLength(13);
    expect(rows.map((l) => l.trim().split(/\s{2,}/)[0])).toEqual(BOXES.map((_, i) => String(i + 1)));
    expect(rows[6]).toMatch(/^ 7 {2}Three of a kind +17 {2}threeOfAKind$/);
    expect(rows[0]).toMatch(/^ 1 {2}Aces +0 {2}aces$/);
  });

  it('plain text marks the Joker, filled boxes, refused boxes and the bonus', async ({ expect }) => {
    const r = await score('5,5,5,5,5', '--card', 'yahtzee=50,fives=25');
    expect(r.stdout).toMatch(/^5 5 5 5 5 with the official rules \(Joker\):/);
    expect(r.stdout).toMatch(/Fives +- {2}fives +filled \(25\)/);
    expect(r.stdout).toMatch(/Aces +0 {2}aces +not allowed \(Joker\)/);
    expect(r.stdout).toMatch(/Large straight +40 {2}largeStraight\n/);
    expect(r.stdout.trimEnd().endsWith('Yahtzee bonus: +100')).toBe(true);
  });

  it.for<[string, string[], RegExp]>([
    ['bad dice: four values', ['1,2,3,4'], /dice must be five values from 1 to 6/],
    ['bad dice: a 7', ['1,2,3,4,7'], /dice must be five values from 1 to 6/],
    ['bad dice: letters', ['a,b,c,d,e'], /dice must be five values from 1 to 6/],
    ['unknown box', ['1,2,3,4,5', '--card', 'foo=3'], /unknown box "foo"/],
    ['a brazilian box under official rules', ['1,2,3,4,5', '--card', 'trinca=20'], /unknown box "trinca"/],
    ['malformed card: no points', ['1,2,3,4,5', '--card', 'fives'], /malformed card entry "fives"/],
    ['malformed card: negative points', ['1,2,3,4,5', '--card', 'fives=-5'], /malformed card entry "fives=-5"/],
    ['malformed card: no box', ['1,2,3,4,5', '--card', '=5'], /malformed card entry "=5"/],
    ['a box given twice', ['1,2,3,4,5', '--card', 'fives=5,fives=10'], /box "fives" is given twice/],
    ['impossible points: 7 in Fives', ['1,2,3,4,5', '--card', 'fives=7'], /fives cannot hold 7 points/],
    ['impossible points: 3 in Chance', ['1,2,3,4,5', '--card', 'chance=3'], /chance cannot hold 3 points/],
    ['impossible points: 49 in Yahtzee', ['1,2,3,4,5', '--card', 'yahtzee=49'], /yahtzee cannot hold 49 points/],
    ['impossible points: 17 in a brazilian Trinca', ['1,2,3,4,5', '--rules', 'brazilian', '--card', 'trinca=17'], /trinca cannot hold 17 points/],
    ['unknown rule set', ['1,2,3,4,5', '--rules', 'yatzy'], /unknown rule set "yatzy"/],
    ['a full card', ['1,2,3,4,5', '--card', BOXES.map((b) => `${b}=0`).join(',').replace('chance=0', 'chance=5')], /every box of that card is filled/],
  ])('%s: one line on stderr, nothing on stdout, exit 2', async ([, args, message], { expect }) => {
    const r = await score(...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^yahtzee: /);
    expect(r.stderr).toMatch(message);
  });
});
