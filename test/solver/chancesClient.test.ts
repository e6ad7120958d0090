import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalDistribution, loadOrSolve, winChances, type StrategyTable } from '../../src/solver/index.js';
import { cardKey } from '../../src/solver/chances/messages.js';
import { ChancesClient, startChancesChild } from '../../src/solver/chances/client.js';
import { EMPTY_CARD, type Card } from '../../src/engine/index.js';
import { gameDifference, matchChances } from '../../src/solver/chances/matchChances.js';
import { cardWithOpen, tempDir } from './helpers.js';
import { waitFor } from '../support/wait.js';

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

// The strategy table in a cache of this file's own (the run's shared cache stays empty for the tests that want it
// so), which the child processes read: YAHTZEE_HOME emptied, XDG_CACHE_HOME names it.
const env = { XDG_CACHE_HOME: tempDir('odds-thread') };
const childEnv = { ...process.env, YAHTZEE_HOME: '', ...env };
const start = () => startChancesChild(childEnv);
const thread = new ChancesClient(start);
beforeAll(async () => {
  table = await loadOrSolve('official', { env });
}, 120_000);
afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

afterAll(() => thread.close());

/** The child, each question sent to it also kept in `sent`. */
function recording<T>(c: ChildProcess, sent: T[]): ChildProcess {
  const send = c.send.bind(c) as (m: T) => boolean;
  c.send = ((m: T) => {
    sent.push(m);
    return send(m);
  }) as ChildProcess['send'];
  return c;
}

/** A stand-in for the chances' process: `code` run by node with an IPC channel that carries typed arrays. */
function fake(code: string): ChildProcess {
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' });
}

describe("the chances' child process", () => {
  it.each(Object.entries(CARDS))('answers as winChances in this thread does: %s', async (_what, cards) => {
    const here = winChances(cards.map((c) => finalDistribution(table, undefined, c)));
    const there = await thread.ask('official', cards);
    expect(there).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
  }, 120_000);

  it('a turn later (one card changed), the unchanged cards go back with the question and the answer is still exact', async () => {
    const sent: { known?: readonly (readonly [string, unknown])[] }[] = [];
    const spying = new ChancesClient(() => recording(start(), sent));
    try {
      const [a, b] = CARDS['two seats, one well ahead'];
      await spying.ask('official', [a, b]);
      const later = cardWithOpen('official', ['chance'], { sixes: 24, fives: 20 });
      const here = winChances([later, b].map((c) => finalDistribution(table, undefined, c)));
      expect(await spying.ask('official', [later, b])).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
      expect(sent.map((m) => (m.known ?? []).map(([k]) => k))).toEqual([[], [cardKey('official', b)]]);
    } finally {
      await spying.close();
    }
  }, 120_000);

  it("two seats in a match's last game: the match's chances too, as matchChances in this thread has them", async () => {
    const cards = CARDS['two seats, one well ahead'];
    const [a, b] = cards.map((c) => finalDistribution(table, undefined, c));
    const so = { gamesAhead: -1, pointsAhead: 40, gamesAfter: 0 };
    const there = await thread.ask('official', cards, undefined, undefined, so);
    expect(there).toEqual({ kind: 'answer', ...winChances([a, b]), match: matchChances(gameDifference(a, b), { lo: 0, p: Float64Array.of(1) }, so) });
  }, 120_000);

  it("a fresh game's distribution that the child sent once goes back with the next match question, not read again", async () => {
    const fresh = cardKey('official', EMPTY_CARD);
    // A stand-in child: each answer names the fresh game's distribution as made, and says which were given back.
    const code = `process.on('message', (q) => process.send({ id: q.id, kind: 'answer', win: [q.known.length, 0], tie: 0,
        match: { win: [0.5, 0.5], tie: 0 }, made: [[${JSON.stringify(fresh)}, { lo: 0, p: Float64Array.of(1) }]] }));`;
    const sent: { known: readonly (readonly [string, unknown])[] }[] = [];
    const client = new ChancesClient(() => recording(fake(code), sent));
    try {
      const cards = CARDS['two seats on the same late card'];
      const so = { gamesAhead: 0, pointsAhead: 0, gamesAfter: 2 };
      expect(await client.ask('official', cards, undefined, undefined, so)).toEqual({ kind: 'answer', win: [0, 0], tie: 0, match: { win: [0.5, 0.5], tie: 0 } });
      await client.ask('official', cards, undefined, undefined, so);
      // The last game: no fresh game is wanted.
      await client.ask('official', cards, undefined, undefined, { ...so, gamesAfter: 0 });
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
    const code = `process.on('message', (q) => process.send({ id: q.id, kind: 'answer', win: q.cards.map(() => 0), tie: 0,
        made: q.keys.filter((k) => !q.known.some(([known]) => known === k)).map((k) => [k, { lo: 0, p: Float64Array.of(1) }]) }));`;
    const sent: { known: readonly (readonly [string, unknown])[] }[] = [];
    const client = new ChancesClient(() => {
      const c = recording(fake(code), sent);
      // The stand-in cannot work out a card's key: each question carries its cards' keys too.
      const send = c.send.bind(c) as (m: unknown) => boolean;
      c.send = ((m: { cards: Card[] }) => send({ ...m, keys: m.cards.map((card) => cardKey('official', card)) })) as ChildProcess['send'];
      return c;
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
    const outcomes = await Promise.all([thread.ask('official', a), thread.ask('official', b), thread.ask('official', c)]);
    for (const o of outcomes.slice(0, 2)) expect(['answer', 'dropped']).toContain(o.kind);
    const here = winChances(c.map((card) => finalDistribution(table, undefined, card)));
    expect(outcomes[2]).toEqual({ kind: 'answer', win: here.win, tie: here.tie });
  }, 120_000);

  it('a question the solver cannot answer is an outcome, not a crash, and the child answers the next', async () => {
    const bad = await thread.ask('no-such-rules' as 'official', CARDS['two seats on the same late card']);
    expect(bad).toMatchObject({ kind: 'failed', error: expect.any(String) });
    const good = await thread.ask('official', CARDS['two seats on the same late card']);
    expect(good.kind).toBe('answer');
  }, 120_000);
});

describe("the chances' process is started when first asked for", () => {
  it('none before a question; one, started by the first, for the questions asked with it, which it answers', async () => {
    let started = 0;
    const client = new ChancesClient(() => (started++, start()));
    try {
      expect([started, client.running]).toEqual([0, false]);
      const cards = CARDS['two seats, one well ahead'];
      const first = client.ask('official', CARDS['two seats on the same late card']);
      const second = client.ask('official', cards);
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

  it('a question keeps this process alive until the child has answered it (a script that only awaits the answer gets it)', () => {
    const child = fileURLToPath(new URL('./chancesClientChild.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', env: childEnv });
    expect({ status: r.status, out: r.stdout, err: r.stderr }).toEqual({ status: 0, out: 'answer', err: '' });
  }, 120_000);

  it('a child kept for the next roll of a turn does not keep this process alive once its questions are answered', () => {
    const child = fileURLToPath(new URL('./chancesClientChild.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, 'turn'], { encoding: 'utf8', env: childEnv, timeout: 60_000 });
    expect({ status: r.status, signal: r.signal, out: r.stdout, err: r.stderr }).toEqual({ status: 0, signal: null, out: 'answer', err: '' });
  }, 120_000);

  it('closed with a question open: the question is dropped, the child ended, a later question fails', async () => {
    const closed = new ChancesClient(start);
    const asked = closed.ask('official', CARDS['two seats on the same late card']);
    await closed.close();
    expect(await asked).toEqual({ kind: 'dropped' });
    expect(closed.running).toBe(false);
    expect((await closed.ask('official', CARDS['two seats on the same late card'])).kind).toBe('failed');
  });
});

describe("a chances' process that says nothing", () => {
  it('a question open with no word from the child for the silence allowed: failed, the child killed, later questions fail', async () => {
    let child: ChildProcess | undefined;
    const silent = new ChancesClient(() => (child = fake("process.on('message', () => {})")), 300);
    const outcome = await silent.ask('official', CARDS['two seats on the same late card']);
    expect(outcome).toEqual({ kind: 'failed', error: "the chances' process gave no answer for 0 s" });
    await waitFor(() => child!.exitCode !== null || child!.signalCode !== null, { what: 'the silent child to be killed' });
    expect(child!.signalCode).toBe('SIGKILL');
    expect((await silent.ask('official', CARDS['two seats on the same late card'])).kind).toBe('failed');
    await silent.close();
  });

  it('progress heard meanwhile is word enough: a long piece of work is answered, not taken for stuck', async () => {
    // Progress every 100 ms for a second, then the answer, with 300 ms of silence allowed.
    const code = `process.on('message', (q) => {
        let n = 0;
        const t = setInterval(() => {
          if (++n < 10) return process.send({ id: q.id, kind: 'progress', stage: 'distribution', done: n, total: 10 });
          clearInterval(t);
          process.send({ id: q.id, kind: 'answer', win: [0.5, 0.5], tie: 0, made: [] });
        }, 100);
      });`;
    const slow = new ChancesClient(() => fake(code), 300);
    try {
      expect(await slow.ask('official', CARDS['two seats on the same late card'])).toEqual({ kind: 'answer', win: [0.5, 0.5], tie: 0 });
    } finally {
      await slow.close();
    }
  });

  it('closed while its child is stopped (SIGSTOP) with a question open: close ends, and so does the child', async () => {
    let child: ChildProcess | undefined;
    const client = new ChancesClient(() => (child = start()));
    const asked = client.ask('official', CARDS['two seats on the same late card']);
    await waitFor(() => child?.pid !== undefined, { what: 'the child to start' });
    process.kill(child!.pid!, 'SIGSTOP');
    await client.close();
    expect(await asked).toEqual({ kind: 'dropped' });
    expect(child!.signalCode).toBe('SIGKILL');
  });
});

describe("a chances' process that fails", () => {
  it('a later question starts a new child, twice at most: a child killed once does not end the chances for the session', async () => {
    let started = 0;
    const dying = new ChancesClient(() => (started++, fake('process.exit(3)')));
    const cards = CARDS['two seats on the same late card'];
    for (let i = 0; i < 4; i++) expect(await dying.ask('official', cards)).toEqual({ kind: 'failed', error: "the chances' process stopped (exit code 3)" });
    expect(started).toBe(3);
    await dying.close();
    // One that answers, after a failure: the chances are back.
    let first = true;
    const code = `process.on('message', (q) => process.send({ id: q.id, kind: 'answer', win: [0.5, 0.5], tie: 0, made: [] }));`;
    const recovering = new ChancesClient(() => (first ? ((first = false), fake('process.exit(3)')) : fake(code)));
    try {
      expect((await recovering.ask('official', cards)).kind).toBe('failed');
      expect(await recovering.ask('official', cards)).toEqual({ kind: 'answer', win: [0.5, 0.5], tie: 0 });
    } finally {
      await recovering.close();
    }
    expect((await recovering.ask('official', cards)).kind).toBe('failed');
  });

  it.each([
    ['a child that cannot start', () => {
      throw new Error('no processes here');
    }],
    ['a child whose program is not there', () => spawn('/nonexistent/node', [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] })],
    ['a child that dies at once', () => fake('throw new Error("boom")')],
    ['a child that exits without a word', () => fake('process.exit(3)')],
    ['a child killed for its memory (SIGKILL)', () => fake('process.kill(process.pid, "SIGKILL")')],
  ] as const)('%s: the chances are not available, now and for later questions', async (_what, start) => {
    const broken = new ChancesClient(start);
    const first = await broken.ask('official', CARDS['two seats on the same late card']);
    expect(first.kind).toBe('failed');
    expect(await broken.ask('official', CARDS['two seats on the same late card'])).toEqual(first);
    await broken.close();
  });
});
