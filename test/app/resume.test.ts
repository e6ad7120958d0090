import { describe, expect, it } from 'vitest';
import { decisionsFrom, initialModel, legal, resumeModel, resumeQuestion, update, type SeatDecision } from '../../src/app/index.js';
import { describeSave, resumeFlagsLine, spokenLines } from '../../src/view/index.js';
import { parsePlayFlags } from '../../src/commands/playOptions.js';
import { legalBoxes, newGame, reduce } from '../../src/engine/index.js';
import { asking, playOptions, press, start } from './helpers.js';
import type { LooseJson } from '../looseJson.js';

const game = () => {
  const g = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'BOB', kind: 'human' }], seed: 4, match: { kind: 'games', games: 3 }, clearHoldsAfterRoll: false });
  const r = reduce(g, { type: 'score', box: 'chance' });
  if (!r.ok) throw new Error(r.error);
  return r.state;
};

const REFUSED = 'Press Y to resume, N for a new game or Q to quit';

describe('the resume question, a screen of the app: each key in both layouts', () => {
  const answers = [
    ['y', 'resume'],
    ['Y', 'resume'],
    ['enter', 'resume'],
    ['r', 'resume'],
    ['R', 'resume'],
    ['n', 'new'],
    ['N', 'new'],
  ] as const;
  it.each((['msx', 'spectrum'] as const).flatMap((layout) => answers.map(([key, answer]) => ({ layout, key, answer }))))(
    '$layout: $key answers $answer, and the app waits for the session to begin the game',
    ({ layout, key, answer }) => {
      const m = press(asking(layout), key);
      expect(m.screen).toBe('resume');
      expect(m.resume?.answer).toBe(answer);
      expect(m.message).toBeNull();
    },
  );

  it.each((['msx', 'spectrum'] as const).flatMap((layout) => ['q', 'Q', 'escape'].map((key) => ({ layout, key }))))('$layout: $key leaves, the save kept (not an interrupt)', ({ layout, key }) => {
    const m = press(asking(layout), key);
    expect(m.screen).toBe('done');
    expect(m.interrupted).toBe(false);
    expect(m.resume?.answer).toBeNull();
  });

  it.each(['msx', 'spectrum'] as const)('%s: Ctrl-C leaves at once as an interrupt (exit 130)', (layout) => {
    const m = press(asking(layout), 'ctrl-c');
    expect(m.screen).toBe('done');
    expect(m.interrupted).toBe(true);
  });

  it.each((['msx', 'spectrum'] as const).flatMap((layout) => ['x', '5', 'space', 'tab', 'up', 'backspace'].map((key) => ({ layout, key }))))(
    '$layout: $key is refused with the resume keys on the message line, nothing else changes',
    ({ layout, key }) => {
      const before = asking(layout);
      const m = press(before, key);
      expect(m.message).toEqual({ text: REFUSED, tone: 'error' });
      expect({ ...m, message: null }).toEqual(before);
    },
  );

  it('a refused key is a typed refusal (resume-keys), and the answers are legal', () => {
    const m = asking('msx');
    expect(legal(m, { type: 'unknown-key' })).toEqual({ code: 'resume-keys' });
    expect(legal(m, { type: 'roll' })).toEqual({ code: 'resume-keys' });
    expect(legal(m, { type: 'resume-answer', answer: 'new' })).toBeNull();
    expect(legal(m, { type: 'begin', model: start() })).toBe('ignored');
  });

  it.each([
    ['msx', 'h'],
    ['spectrum', 'i'],
  ] as const)('%s: %s opens the instructions over the question; any key goes through them and back to it', (layout, key) => {
    const help = press(asking(layout), key);
    expect(help.overlay).toBe('help');
    let m = help;
    for (let i = 0; i < 20 && m.overlay === 'help'; i++) m = press(m, 'space');
    expect(m.overlay).toBeNull();
    expect(m.screen).toBe('resume');
    expect(m.resume?.answer).toBeNull();
  });

  it('once answered, keys wait; the game the session began replaces the question, at the terminal size in use', () => {
    const answered = press(asking('msx', { size: { columns: 100, rows: 30 } }), 'y');
    expect(press(answered, 'n')).toEqual(answered);
    const resumed = resumeModel(parsePlayFlags({}), { seed: 1, size: { columns: 80, rows: 24 } }, game(), 'spectrum');
    const m = update(answered, { type: 'begin', model: resumed });
    expect(m).toEqual({ ...resumed, size: { columns: 100, rows: 30 } });
    // Once in the game, a late 'begin' changes nothing.
    expect(update(m, { type: 'begin', model: start() })).toBe(m);
  });

  it('an unanswered question is not replaced', () => {
    const m = asking('msx');
    expect(update(m, { type: 'begin', model: start() })).toBe(m);
  });
});

describe('resuming a saved game', () => {
  it('describes the saved game: rules, keys, match, scores, whose turn', () => {
    const lines = describeSave({ state: game(), savedAt: '2026-11-29T13:04:05Z', layout: 'msx' });
    expect(lines[0]).toBe('official rules · MSX keys · game 1 of 3, most games won');
    expect(lines[1]).toMatch(/^ANN: \d+ · BOB: 0$/);
    expect(lines[2]).toBe("BOB's turn, turn 1 of 13");
    // A practice game says so.
    expect(describeSave({ state: game(), savedAt: '2026-11-29T13:04:05Z', layout: 'msx', practice: true })[0]).toBe('official rules · MSX keys · practice · game 1 of 3, most games won');
  });

  it('after a match\'s first game, where the match stands: the games won, or the totals in a first-to-a-score match', () => {
    const second = (match: { kind: 'games'; games: number } | { kind: 'target'; target: number }) => {
      let g = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'BOB', kind: 'human' }], seed: 4, match, clearHoldsAfterRoll: false });
      // ANN scores Chance and the rest first; BOB scores nothing but the first box each turn, his dice as they fall.
      while (g.phase !== 'gameOver') {
        const r = reduce(g, { type: 'score', box: legalBoxes(g).at(g.current === 0 ? -1 : 0)!.id });
        if (!r.ok) throw new Error(r.error);
        g = r.state;
      }
      return g;
    };
    const games = describeSave({ state: second({ kind: 'games', games: 3 }), savedAt: '2026-11-29T13:04:05Z', layout: 'msx' });
    expect(games[0]).toBe('official rules · MSX keys · game 1 of 3, most games won');
    expect(games[2]).toMatch(/^games won \(ANN: [01] · BOB: [01]\)$/);
    expect(games[3]).toBe('between two games of the match');
    const target = describeSave({ state: second({ kind: 'target', target: 5000 }), savedAt: '2026-11-29T13:04:05Z', layout: 'spectrum' });
    expect(target[0]).toBe('official rules · ZX Spectrum keys · game 1, first to 5000');
    expect(target[2]).toMatch(/^match totals \(ANN: \d+ · BOB: \d+\)$/);
    expect(describeSave({ state: game(), savedAt: '2026-11-29T13:04:05Z', layout: 'msx' })).toHaveLength(4);
  });

  it('takes the game up exactly where it was, in the saved layout, with no setup questions', () => {
    const g = game();
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: { columns: 80, rows: 24 } }, g, 'spectrum');
    expect(model.screen).toBe('game');
    expect(model.layout).toBe('spectrum');
    expect(model.game).toBe(g);
    expect(model.seed).toBe(4);
    expect(model.message?.text).toMatch(/Welcome back/);
  });

  it('takes the decisions made before the save along, so the review covers the whole game', () => {
    // ANN keeps A and C and rolls, then scores: two decisions of hers; BOB keeps B and rolls: one of his.
    const played = press(start({ players: 2, names: ['ANN', 'BOB'] }), '1', '3', 'space', 'i', 'right', '2', 'space');
    expect(played.decisions.map((d) => d.seat)).toEqual([0, 0, 1]);
    // As the save holds them: plain JSON.
    const saved: unknown = JSON.parse(JSON.stringify(played.decisions));
    const game = played.game!;
    const model = resumeModel(parsePlayFlags({}), { seed: 1, size: { columns: 80, rows: 24 } }, game, 'msx', decisionsFrom(saved, game));
    expect(model.decisions).toEqual(played.decisions);
  });
});

describe('the resume question names the flags given that only a new game uses', () => {
  const flagged = (over: Parameters<typeof playOptions>[0], savedLayout: 'msx' | 'spectrum' = 'msx') => asking('msx', {}, savedLayout, over).resume!;

  it('the flags of a new game, as typed, with a line that says the saved game keeps its own', () => {
    const q = flagged(parsePlayFlags({ names: 'ANN,BOB', games: '3' }));
    expect(q.flags).toEqual(['--names', '--games']);
    expect(resumeFlagsLine(q)).toBe('--names and --games apply only to a new game: the saved game keeps its own players, rules and match');
    // An 80-column screen has 78 for it: the flags stay, the reason shortens.
    expect(resumeFlagsLine(q, 78)).toBe('--names and --games apply only to a new game; the saved one keeps its own');
    expect(resumeFlagsLine(q, 50)).toBe('--names and --games apply only to a new game');
    expect(resumeFlagsLine(q, 42)).toBe('--names and --games: for a new game only');
    expect(resumeFlagsLine(flagged(parsePlayFlags({ strength: 'casual' })))).toMatch(/^--strength applies only to a new game:/);
  });

  it('--rules, --layout and --practice only when they are not the saved game\'s own', () => {
    // The saved game: official rules, MSX keys, not a practice game.
    expect(flagged(parsePlayFlags({ rules: 'official', layout: 'msx' })).flags).toEqual([]);
    expect(flagged(parsePlayFlags({ rules: 'brazilian', layout: 'spectrum', practice: true }), 'msx').flags).toEqual(['--rules', '--layout', '--practice']);
    expect(flagged(parsePlayFlags({ players: '3', computer: '1', target: '300' })).flags).toEqual(['--players', '--target', '--computer']);
  });

  it('--seed too: a resumed game rolls on from its own generator', () => {
    expect(flagged(parsePlayFlags({ seed: '5' })).flags).toEqual(['--seed']);
  });

  it('a new game the flags name has no part in the question: its first roll, a Yahtzee, is not said', () => {
    const options = playOptions({ names: ['ANN', 'BOB'], players: 2, match: { kind: 'single' }, animation: true });
    const init = { seed: 1457, size: { columns: 80, rows: 24 } };
    // The seed rolls five alike first: the game these flags start would say so when its dice land.
    expect(initialModel(options, init).roll.news?.text).toMatch(/^YAHTZEE!/);
    expect(initialModel({ ...options, animation: false }, init).message?.text).toMatch(/^YAHTZEE!/);
    const saved = start({ players: 2, names: ['ANN', 'BOB'], match: { kind: 'single' } }).game!;
    const q = resumeQuestion(options, init, saved, '2026-11-30T10:00:00.000Z', 'msx', false);
    expect(q.roll.news ?? null).toBeNull();
    expect(q.roll.dice.some((d) => d)).toBe(false);
    expect(resumeQuestion({ ...options, animation: false }, init, saved, '2026-11-30T10:00:00.000Z', 'msx', false).message).toBeNull();
  });

  it('no flags, no line; a hosted table passes its own seats', () => {
    expect(resumeFlagsLine(flagged(parsePlayFlags({})))).toBeNull();
    expect(flagged({ ...parsePlayFlags({ games: '3' }), hosted: true }).flags).toEqual([]);
  });

  it('the screen reader hears it too', () => {
    const m = asking('msx', { screenReader: true }, 'msx', parsePlayFlags({ names: 'ANN,BOB' }));
    expect(spokenLines(m)).toContain('--names applies only to a new game: the saved game keeps its own players, rules and match.');
  });
});

describe('decisions read back from a save', () => {
  const played = () => press(start({ players: 2, names: ['ANN', 'BOB'], computers: 1 }), '1', '3', 'space', 'i', 'right');
  const decisions = () => JSON.parse(JSON.stringify(played().decisions)) as SeatDecision[];
  const change = (f: (d: LooseJson[]) => unknown): unknown => {
    const d = decisions() as LooseJson[];
    f(d);
    return d;
  };

  it('the decisions as saved are taken', () => {
    expect(decisions().length).toBe(2);
    expect(decisionsFrom(decisions(), played().game!)).toEqual(played().decisions);
  });

  it.each<[string, () => unknown]>([
    ['no decisions at all (an older save)', () => undefined],
    ['not a list', () => ({ seat: 0 })],
    ['a seat that is not there', () => change((d) => (d[0].seat = 5))],
    ["the computer's seat (only people's decisions are reviewed)", () => change((d) => (d[0].seat = 1))],
    ['a card with a box of another rule set', () => change((d) => (d[1].record.card = { boxes: { sorte: 12 } }))],
    ['six dice', () => change((d) => (d[0].record.dice = [1, 2, 3, 4, 5, 6]))],
    ['a die showing 7', () => change((d) => (d[0].record.dice[2] = 7))],
    ['three rolls left after a roll', () => change((d) => (d[0].record.rollsLeft = 3))],
    ['a box that does not exist', () => change((d) => (d[1].record.choice = { kind: 'score', box: 'pair' }))],
    ['a choice of another kind', () => change((d) => (d[0].record.choice = { kind: 'reroll' }))],
  ])('%s: none are taken, the review starts at the resume', (_what, value) => {
    expect(decisionsFrom(value(), played().game!)).toEqual([]);
  });
});


describe('the line a resumed game opens with', () => {
  const finished = (games: number) => {
    let g = newGame({ players: [{ name: 'ANN', kind: 'human' }, { name: 'CPU', kind: 'computer', strength: 'optimal' }], seed: 4, match: games === 1 ? { kind: 'single' } : { kind: 'games', games }, clearHoldsAfterRoll: false });
    while (g.phase !== 'gameOver') {
      const r = reduce(g, { type: 'score', box: legalBoxes(g)[0].id });
      if (!r.ok) throw new Error(r.error);
      g = r.state;
    }
    return g;
  };
  const said = (g: ReturnType<typeof finished>, layout: 'msx' | 'spectrum') => resumeModel(parsePlayFlags({}), { seed: 1, size: { columns: 80, rows: 24 } }, g, layout).message?.text;

  it("in a game, whose turn it is", () => {
    expect(said(game(), 'msx')).toBe("Welcome back: the saved game goes on (BOB's turn)");
  });

  it('between two games of a match, no one\'s turn: the key to the next game', () => {
    expect(said(finished(3), 'spectrum')).toBe('Welcome back: game 1 is over; Y starts game 2');
    expect(said(finished(3), 'msx')).toBe('Welcome back: game 1 is over; y starts game 2');
  });

  it('after the last game: the key that plays again', () => {
    expect(said(finished(1), 'msx')).toBe('Welcome back: the game is over; y plays again');
  });
});
