import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalDistribution, loadOrSolve, winChances, type StrategyTable } from '../../src/solver/index.js';
import { cardKey } from '../../src/solver/chances/messages.js';
import { ChancesClient, startChancesThread } from '../../src/solver/chances/client.js';
import { EMPTY_CARD, type Card } from '../../src/engine/index.js';
import { gameDifference, matchChances } from '../../src/solver/chances/matchChances.js';
import { cardWithOpen, tempDir } from './helpers.js';

// Late cards (more than three boxes filled): their distributions come from the strategy table alone, in a moment.
const CARDS: Record<string, Card[]> = {
  'two seats on the same late card': [cardWithOpen('official', ['fours', 'fullHouse', 'chance']), cardWithOpen('official', ['fours', 'fullHouse', 'chance'])],
  'two seats, one well ahead': [
    cardWithOpen('official', ['yahtzee', 'chance'], { sixes: 24, fives: 20 }),
    cardWithOpen('official', ['yahtzee', 'chance', 'largeStraight'], { aces: 3 }),
  ],
  'three seats, one card complete': [
    cardWithOpen('official', ['threeOfAKind', 'chance']),
    cardWithOpen('official', [], { chance: 20 }),
    cardWithOpen('official', ['smallStraight', 'largeStraight', 'yahtzee', 'chance'], { sixes: 30 }),
  ],
};

let table: StrategyTable;
const thread = new ChancesClient();

// The strategy table in a cache of this file's own (the run's shared cache stays empty for the tests that want it
// so); the worker gets it shared with each question, and never reads a cache.
const env = { XDG_CACHE_HOME: tempDir('odds-thread') };
beforeAll(async () => {
  table = await loadOrSolve('official', { env });
}, 120_000);
afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

afterAll(() => thread.close());

/** The worker, each question posted to it also kept in `sent`. */
function recording<T>(w: Worker, sent: T[]): Worker {
  const post = w.postMessage.bind(w);
  w.postMessage = (m: T) => {
    sent.push(m);
    post(m);
  };
  return w;
}

describe("the chances' worker thread", () => {
  it.each(Object.entries(CARDS))('answers as winChances in this thread does: %s', async (_what, cards) => {
    const here = winChances(cards.map((c) => finalDistribution(table, undefined, c)));
    const there = await thread.ask('official', cards, undefined, table);
    expect(there).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
  }, 120_000);

  it('answers the same with the strategy table of this thread shared (its values in shared memory, not copied)', async () => {
    expect(table.values.buffer).toBeInstanceOf(SharedArrayBuffer);
    const cards = CARDS['two seats, one well ahead'];
    const here = winChances(cards.map((c) => finalDistribution(table, undefined, c)));
    const shared = new ChancesClient();
    try {
      expect(await shared.ask('official', cards, undefined, table)).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
    } finally {
      await shared.close();
    }
  }, 120_000);

  it('a turn later (one card changed), the unchanged cards go back with the question and the answer is still exact', async () => {
    const sent: { known?: readonly (readonly [string, unknown])[] }[] = [];
    const spying = new ChancesClient(() => recording(startChancesThread(), sent));
    try {
      const [a, b] = CARDS['two seats, one well ahead'];
      await spying.ask('official', [a, b], undefined, table);
      const later = cardWithOpen('official', ['chance'], { sixes: 24, fives: 20 });
      const here = winChances([later, b].map((c) => finalDistribution(table, undefined, c)));
      expect(await spying.ask('official', [later, b], undefined, table)).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
      expect(sent.map((m) => (m.known ?? []).map(([k]) => k))).toEqual([[], [cardKey('official', b)]]);
    } finally {
      await spying.close();
    }
  }, 120_000);

  it("two seats in a match's last game: the match's chances too, as matchChances in this thread has them", async () => {
    const cards = CARDS['two seats, one well ahead'];
    const [a, b] = cards.map((c) => finalDistribution(table, undefined, c));
    const so = { gamesAhead: -1, pointsAhead: 40, gamesAfter: 0 };
    const there = await thread.ask('official', cards, undefined, table, undefined, so);
    expect(there).toEqual({ kind: 'answer', ...winChances([a, b]), match: matchChances(gameDifference(a, b), { lo: 0, p: Float64Array.of(1) }, so) });
  }, 120_000);

  it("a fresh game's distribution that the worker sent once goes back with the next match question, not read again", async () => {
    const fresh = cardKey('official', EMPTY_CARD);
    // A stand-in worker: each answer names the fresh game's distribution as made, and says which were given back.
    const code = `const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (q) => parentPort.postMessage({ id: q.id, kind: 'answer', win: [q.known.length, 0], tie: 0,
        match: { win: [0.5, 0.5], tie: 0 }, made: [[${JSON.stringify(fresh)}, { lo: 0, p: Float64Array.of(1) }]] }));`;
    const sent: { known: readonly (readonly [string, unknown])[] }[] = [];
    const client = new ChancesClient(() => recording(new Worker(code, { eval: true }), sent));
    try {
      const cards = CARDS['two seats on the same late card'];
      const so = { gamesAhead: 0, pointsAhead: 0, gamesAfter: 2 };
      expect(await client.ask('official', cards, undefined, undefined, undefined, so)).toEqual({ kind: 'answer', win: [0, 0], tie: 0, match: { win: [0.5, 0.5], tie: 0 } });
      await client.ask('official', cards, undefined, undefined, undefined, so);
      // The last game: no fresh game is wanted.
      await client.ask('official', cards, undefined, undefined, undefined, { ...so, gamesAfter: 0 });
      expect(sent.map((m) => m.known.map(([k]) => k))).toEqual([[], [fresh], []]);
    } finally {
      await client.close();
    }
  });

  it('keeps the finals last used: one sent back with each question outlives 32 made after it', async () => {
    const card = (i: number) => cardWithOpen('official', ['chance'], { aces: i % 6, twos: 2 * Math.floor(i / 6) });
    const cards = Array.from({ length: 34 }, (_, i) => card(i));
    const keys = cards.map((c) => cardKey('official', c));
    // Each question's cards are made (all but those sent back known), a one-point distribution each.
    const code = `const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (q) => parentPort.postMessage({ id: q.id, kind: 'answer', win: q.cards.map(() => 0), tie: 0,
        made: q.keys.filter((k) => !q.known.some(([known]) => known === k)).map((k) => [k, { lo: 0, p: Float64Array.of(1) }]) }));`;
    const sent: { known: readonly (readonly [string, unknown])[] }[] = [];
    const client = new ChancesClient(() => {
      const w = recording(new Worker(code, { eval: true }), sent);
      // The fake worker cannot work out a card's key: each question carries its cards' keys too.
      const post = w.postMessage.bind(w);
      w.postMessage = (m: { cards: Card[] }) => post({ ...m, keys: m.cards.map((c) => cardKey('official', c)) });
      return w;
    });
    try {
      await client.ask('official', [cards[0], cards[1]]);
      for (let i = 2; i < 32; i++) await client.ask('official', [cards[i]]);
      // Card 0 is used again: card 1, older now, is the one to go for card 32.
      await client.ask('official', [cards[0], cards[32]]);
      await client.ask('official', [cards[0], cards[1]]);
      expect(sent.at(-1)!.known.map(([k]) => k)).toEqual([keys[0]]);
    } finally {
      await client.close();
    }
  });

  it('answers the last of several questions asked at once; the earlier ones are answered or dropped, never failed', async () => {
    const [a, b, c] = Object.values(CARDS);
    const outcomes = await Promise.all([thread.ask('official', a, undefined, table), thread.ask('official', b, undefined, table), thread.ask('official', c, undefined, table)]);
    for (const o of outcomes.slice(0, 2)) expect(['answer', 'dropped']).toContain(o.kind);
    const here = winChances(c.map((card) => finalDistribution(table, undefined, card)));
    expect(outcomes[2]).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
  }, 120_000);

  it('a question the solver cannot answer is an outcome, not a crash, and the thread answers the next', async () => {
    const bad = await thread.ask('no-such-rules' as 'official', CARDS['two seats on the same late card']);
    expect(bad).toMatchObject({ kind: 'failed', error: expect.any(String) });
    const good = await thread.ask('official', CARDS['two seats on the same late card'], undefined, table);
    expect(good.kind).toBe('answer');
  }, 120_000);
});

describe("the chances' thread is started when first asked for", () => {
  it('none before a question; one, started by the first, for the questions asked with it, which it answers', async () => {
    let started = 0;
    const client = new ChancesClient(() => (started++, startChancesThread()));
    try {
      expect([started, client.running]).toEqual([0, false]);
      const cards = CARDS['two seats, one well ahead'];
      const first = client.ask('official', CARDS['two seats on the same late card'], undefined, table);
      const second = client.ask('official', cards, undefined, table);
      expect([started, client.running]).toEqual([1, true]);
      const here = winChances(cards.map((c) => finalDistribution(table, undefined, c)));
      const answers = await Promise.all([first, second]);
      expect(started).toBe(1);
      expect(['answer', 'dropped']).toContain(answers[0].kind);
      expect(answers[1]).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
    } finally {
      await client.close();
    }
  }, 120_000);

  it('a question keeps the process alive until the worker has answered it (a script that only awaits the answer gets it)', () => {
    const child = fileURLToPath(new URL('./chancesClientChild.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', env: { ...process.env, ...env } });
    expect({ status: r.status, out: r.stdout, err: r.stderr }).toEqual({ status: 0, out: 'answer', err: '' });
  }, 120_000);

  it('a worker kept for the next roll of a turn does not keep the process alive once its questions are answered', () => {
    const child = fileURLToPath(new URL('./chancesClientChild.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, 'turn'], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
    expect({ status: r.status, signal: r.signal, out: r.stdout, err: r.stderr }).toEqual({ status: 0, signal: null, out: 'answer', err: '' });
  }, 120_000);

  it('closed with a question open: the question is dropped, the worker ended, a later question fails', async () => {
    const closed = new ChancesClient();
    const asked = closed.ask('official', CARDS['two seats on the same late card'], undefined, table);
    await closed.close();
    expect(await asked).toEqual({ kind: 'dropped' });
    expect(closed.running).toBe(false);
    expect((await closed.ask('official', CARDS['two seats on the same late card'], undefined, table)).kind).toBe('failed');
  });
});

describe("a chances' thread that fails", () => {
  it.each([
    ['a worker that cannot start', () => {
      throw new Error('no threads here');
    }],
    ['a worker that dies at once', () => new Worker('throw new Error("boom")', { eval: true })],
    ['a worker that exits without a word', () => new Worker('process.exit(3)', { eval: true })],
  ] as const)('%s: the chances are not available, now and for later questions', async (_what, start) => {
    const broken = new ChancesClient(start);
    const first = await broken.ask('official', CARDS['two seats on the same late card']);
    expect(first.kind).toBe('failed');
    expect(await broken.ask('official', CARDS['two seats on the same late card'])).toEqual(first);
    await broken.close();
  });
});
