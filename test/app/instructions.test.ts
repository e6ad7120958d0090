import { describe, expect, it } from 'vitest';
import { instructionLines, keyEntries, update, type InstructionLine } from '../../src/app/index.js';
import { instructionPages, paginate } from '../../src/app/pages.js';
import { RULE_SETS, RULE_SET_IDS } from '../../src/engine/index.js';
import { MSX, SPECTRUM } from '../../src/app/keymaps/index.js';
import { finishGame, press, start } from './helpers.js';

const text = (rules: (typeof RULE_SET_IDS)[number], layout = MSX, width = 200, reader: 'player' | 'host' = 'player') =>
  instructionLines(RULE_SETS[rules], layout, width, reader)
    .map((l) => l.text)
    .join('\n');

describe('the instructions are generated from the rule set and the key table', () => {
  it.each(RULE_SET_IDS.flatMap((r) => [MSX, SPECTRUM].map((l) => [r, l.id, l] as const)))('%s rules, %s keys: every box and every key is explained (to the host of a table)', (rules, _id, layout) => {
    const t = text(rules, layout, 200, 'host');
    for (const b of RULE_SETS[rules].boxes) {
      expect(t).toContain(b.name);
      expect(t).toContain(b.help);
    }
    for (const b of layout.bindings) {
      expect(t).toContain(b.label);
      expect(t).toContain(b.help);
    }
  });

  it.each([
    ['official', ['Upper boxes 63 or more: +35.', 'Each further Yahtzee while the Yahtzee box holds its full score: +100.', 'must go in its upper box if open']],
    ['free-joker', ['Upper boxes 63 or more: +35.', 'may go in any open box']],
    ['spectrum', ['Upper boxes 63 or more: +35.', 'No bonus for a further Yatzee.', 'No Joker: a further Yatzee scores as the dice lie.', 'No Joker']],
    ['brazilian', ['No upper bonus.', 'No bonus for a further General.', 'No Joker']],
  ] as const)('%s: the bonuses and the Joker', (rules, lines) => {
    for (const l of lines) expect(text(rules)).toContain(l);
  });

  it.each([
    ['official', 'Official rules: upper bonus 35 at 63, Yahtzee bonus 100, forced Joker.'],
    ['spectrum', 'ZX Spectrum rules: upper bonus 35 at 63, no Yatzee bonus, no Joker.'],
    ['brazilian', 'Regras brasileiras: Trinca 20, Quadra 30, no upper bonus, no General bonus, no Joker.'],
  ] as const)('%s: names the rules in play in words, not by sheet number', (rules, line) => {
    expect(text(rules)).toContain(line);
    expect(text(rules)).not.toMatch(/sheet \d/);
  });

  it('shows the option numbers in the Spectrum layout only', () => {
    expect(text('official', SPECTRUM)).toContain('13 Chance');
    expect(text('official', MSX)).not.toContain('13 Chance');
  });

  it('wraps to the width it is given', () => {
    for (const l of instructionLines(RULE_SETS.official, SPECTRUM, 60)) expect([...l.text].length).toBeLessThanOrEqual(60);
  });

  it.each([
    [MSX, 'tips'],
    [SPECTRUM, 'hints'],
  ] as const)("a guest's at a hosted table (%s keys): no host's keys, quitting is leaving, and a word on their keys", (layout, tips) => {
    const lines = instructionLines(RULE_SETS.official, layout, 200, 'guest').map((l) => l.text);
    const t = lines.join('\n');
    expect(lines).toContain('At a table hosted over SSH');
    expect(t).toContain(`turn your own ${tips} and chances on and off`);
    for (const heading of ['Keys: starting with a saved game', 'Keys: setting up', 'Keys: at the quit question']) expect(lines).not.toContain(heading);
    expect(keyEntries(layout, 'guest').map((g) => g.id)).toEqual(['rolling', 'choosing', 'game', 'after', 'pages', 'too-small', 'other']);
    const guestTypes = keyEntries(layout, 'guest').flatMap((g) => g.bindings.map((b) => b.action('', 0).type));
    for (const type of ['continue', 'seat-to-computer', 'computer-hurry', 'confirm']) expect(guestTypes).not.toContain(type);
    expect(guestTypes).toContain('review');
    expect(t).not.toMatch(/\bquit\b/);
    expect(t).toContain('leave the table at once, from anywhere');
    // A player's own instructions are as they were.
    expect(instructionLines(RULE_SETS.official, layout, 200).map((l) => l.text)).not.toContain('At a table hosted over SSH');
  });

  it.each([MSX, SPECTRUM])("the key that gives a dropped player's seat to the computer is the host's alone (%s)", (layout) => {
    const types = (reader: 'player' | 'host' | 'guest') => keyEntries(layout, reader).flatMap((g) => g.bindings.map((b) => b.action('', 0).type));
    expect(types('player')).not.toContain('seat-to-computer');
    expect(types('host')).toContain('seat-to-computer');
    expect(types('guest')).not.toContain('seat-to-computer');
    // Nothing else differs between a player's and the host's.
    expect(types('host').filter((t) => t !== 'seat-to-computer')).toEqual(types('player'));
  });

  it('groups the keys by when they work', () => {
    expect(keyEntries(MSX).map((g) => g.heading)).toEqual([
      'Starting with a saved game',
      'Setting up',
      'Naming the players',
      'Choosing the competition',
      'Giving the number of games or the score',
      'Rolling',
      'Choosing a box',
      'During the game',
      'After a game',
      'At the quit question',
      'On these pages and the review',
      'On the too-small notice',
      'On most screens',
    ]);
    // The quit keys, bound in several places, stand at most once in each group, under a heading that says where.
    for (const layout of [MSX, SPECTRUM]) {
      for (const g of keyEntries(layout)) expect(g.bindings.filter((b) => /^q(\/ESC)?$/i.test(b.label)).length, `${layout.id} ${g.heading}`).toBeLessThanOrEqual(1);
    }
    // Each step of the setup has its ESC under its own heading (the Spectrum's setting up listed ESC four times).
    for (const layout of [MSX, SPECTRUM]) {
      for (const g of keyEntries(layout)) expect(g.bindings.filter((b) => b.label === 'ESC').length, `${layout.id} ${g.heading}`).toBeLessThanOrEqual(2);
    }
    expect(keyEntries(MSX).at(-1)?.bindings.map((b) => b.label)).toEqual(['Ctrl-C', 'Ctrl-L', 'h/?', 'q/ESC']);
    const rolling = (layout: typeof MSX) => keyEntries(layout).find((g) => g.id === 'rolling')!.bindings.map((b) => b.label);
    expect(rolling(MSX)).toEqual(['1-5', '0', 'SPACE', 'i']);
    expect(rolling(SPECTRUM)).toEqual(['A-E', 'ENTER', '0']);
    // The resume question's keys, from the tables, with their help.
    expect(keyEntries(MSX)[0].bindings.map((b) => `${b.label} ${b.prompt}`)).toEqual(['y/ENTER resume', 'n new game', 'q/ESC quit']);
    expect(keyEntries(SPECTRUM)[0].bindings.map((b) => `${b.label} ${b.prompt}`)).toEqual(['Y/ENTER resume', 'N new game', 'Q/ESC quit']);
  });
});

describe('the instruction pages', () => {
  const line = (text: string, more: Partial<InstructionLine> = {}): InstructionLine => ({ text, ...more });

  it('an entry wrapped onto two lines is not split between pages: it starts the next page, its heading with it', () => {
    const lines = [line('a'), line('b'), line('Keys', { heading: true }), line('c entry'), line('(as --computer N)', { continued: true }), line('d')];
    expect(paginate(lines, 4).map((p) => p.map((l) => l.text))).toEqual([['a', 'b'], ['Keys', 'c entry', '(as --computer N)', 'd']]);
    expect(paginate(lines.slice(2), 2).map((p) => p.map((l) => l.text))).toEqual([['Keys', 'c entry'], ['(as --computer N)', 'd']]);
  });

  it('a page that starts under a heading repeats it at its top, so its keys say where they work', () => {
    const lines = [line('Keys: rolling', { heading: true }), line('1-5 mark'), line('0 clear'), line('SPACE roll'), line('i score')];
    const pages = paginate(lines, 3);
    expect(pages.map((p) => p.map((l) => l.text))).toEqual([['Keys: rolling', '1-5 mark', '0 clear'], ['Keys: rolling', 'SPACE roll', 'i score']]);
    expect(pages[1][0].repeated).toBe(true);
    // A heading wrapped onto two lines is not repeated in part.
    const wrapped = [line('Keys: on these pages', { heading: true }), line('and the review', { heading: true }), line('q close'), line('any other key'), line('press any key')];
    expect(paginate(wrapped, 3)[1].map((l) => l.text)).toEqual(['any other key', 'press any key']);
  });

  it('pages are filled evenly, so that the last is not a lone line under its heading', () => {
    const lines = [line('Keys: rolling', { heading: true }), ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => line(`key ${i}`))];
    expect(paginate(lines, 8).map((p) => p.map((l) => l.text))).toEqual([
      ['Keys: rolling', 'key 1', 'key 2', 'key 3', 'key 4', 'key 5'],
      ['Keys: rolling', 'key 6', 'key 7', 'key 8', 'key 9'],
    ]);
    for (const layout of [MSX, SPECTRUM]) {
      for (const [columns, rows] of [[80, 24], [100, 30], [120, 40]]) {
        const pages = instructionPages(RULE_SETS.official, layout, columns, rows);
        expect(pages.at(-1)!.length, `${layout.id} ${columns}x${rows}`).toBeGreaterThan((rows - 2) / 3);
      }
    }
  });

  it('a group that fits on a page is not split when the same number of pages can keep it whole', () => {
    const lines = [line('Intro', { heading: true }), line('i 1'), line('i 2'), line('Boxes', { heading: true }), ...[1, 2, 3, 4].map((i) => line(`box ${i}`))];
    expect(paginate(lines, 6).map((p) => p.map((l) => l.text))).toEqual([
      ['Intro', 'i 1', 'i 2'],
      ['Boxes', 'box 1', 'box 2', 'box 3', 'box 4'],
    ]);
    // The Spectrum's numbered list of boxes at 80x24: on one page, not 1-11 and then 12-13 under the heading again.
    for (const layout of [MSX, SPECTRUM]) {
      const pages = instructionPages(RULE_SETS.official, layout, 80, 24);
      const boxes = pages.filter((p) => p.some((l) => l.heading === true && l.text === 'Boxes'));
      expect(boxes, layout.id).toHaveLength(1);
    }
  });

  it.each([MSX, SPECTRUM].map((l) => [l.id, l] as const))("%s keys at 80x24: the game's keys (from rolling on) fill two pages and split no group", (_id, layout) => {
    const pages = instructionPages(RULE_SETS.official, layout, 80, 24);
    const from = pages.findIndex((p) => p.some((l) => l.keys === 'rolling'));
    expect(pages.length - from).toBe(2);
    expect(pages.slice(from).filter((p) => p[0].repeated === true)).toEqual([]);
  });

  it.each([MSX, SPECTRUM].map((l) => [l.id, l] as const))('%s keys at 80x24: no page starts in the middle of an entry, and every line is on a page', (_id, layout) => {
    for (const rules of RULE_SET_IDS) {
      const pages = instructionPages(RULE_SETS[rules], layout, 80, 24);
      expect(pages.filter((p) => p[0]?.continued === true)).toEqual([]);
      expect(pages.flat().filter((l) => l.repeated !== true)).toEqual(instructionLines(RULE_SETS[rules], layout, 78));
    }
  });
});

describe('the instructions close at once with ESC (and q), any other key turns the page', () => {
  // A small terminal: the instructions take several pages, so a key that turns the page is told from one that closes.
  const small = { size: { columns: 80, rows: 24 } };
  const msxGame = () => press(start({ players: 2 }, small), '1');
  const spectrumGame = () => press(start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } }, small), 'a');

  it.each([
    ['MSX h, ESC', msxGame, 'h', 'escape'],
    ['MSX ?, q', msxGame, '?', 'q'],
    ['MSX h, Q', msxGame, 'h', 'Q'],
    ['Spectrum I, ESC', spectrumGame, 'I', 'escape'],
    ['Spectrum I, Q', spectrumGame, 'I', 'Q'],
    ['Spectrum i, q', spectrumGame, 'i', 'q'],
  ])('%s: back where the player was, on the first page or a later one', (_what, make, open, close) => {
    const before = make();
    expect(press(before, open).overlay).toBe('help');
    expect(press(before, open, close)).toEqual({ ...before, message: null });
    expect(press(before, open, 'x', close)).toEqual({ ...before, message: null });
  });

  it.each([
    ['MSX', msxGame, 'h'],
    ['Spectrum', spectrumGame, 'I'],
  ])('%s: in a game they open at its keys; any other key turns the page, round past the last, until every page is shown', (_what, make, open) => {
    const before = make();
    const opened = press(before, open);
    const pages = instructionPages(RULE_SETS[before.settings.rules], before.layout === 'msx' ? MSX : SPECTRUM, 80, 24);
    expect(pages.length).toBeGreaterThan(2);
    const keysPage = pages.findIndex((p) => p.some((l) => l.text === 'Keys: rolling'));
    expect(keysPage).toBeGreaterThan(0);
    expect(opened).toMatchObject({ overlay: 'help', overlayPage: keysPage });
    const shown: number[] = [];
    let m = opened;
    for (let i = 0; i < 20 && m.overlay === 'help'; i++) {
      shown.push(m.overlayPage);
      m = press(m, 'space');
    }
    expect(shown).toEqual(pages.map((_, i) => (keysPage + i) % pages.length));
    expect(m).toEqual({ ...before, message: null });
  });

  it('before a game they open at the first page, and close after the last', () => {
    const setup = start({}, small);
    const opened = press(setup, 'h');
    expect(opened).toMatchObject({ overlay: 'help', overlayPage: 0 });
    let m = opened;
    let turns = 0;
    for (; turns < 20 && m.overlay === 'help'; turns++) m = press(m, 'space');
    expect(turns).toBe(instructionPages(RULE_SETS.official, MSX, 80, 24).length);
  });

  it('a resize keeps the reader about where they were in the text, not on a page number past the new last one', () => {
    let m = press(start({}, { size: { columns: 44, rows: 12 } }), 'h');
    for (let i = 0; i < 6; i++) m = press(m, 'space');
    const before = instructionPages(RULE_SETS.official, MSX, 44, 12);
    expect(m.overlayPage).toBe(6);
    const firstLine = before[6][0].text;
    const wider = update(m, { type: 'resize', columns: 80, rows: 24 });
    const after = instructionPages(RULE_SETS.official, MSX, 80, 24);
    expect(wider.overlayPage).toBeLessThan(after.length - 1);
    // The page shown holds the text the reader had reached (its words, wrapped anew).
    const shown = [...after[wider.overlayPage - 1] ?? [], ...after[wider.overlayPage], ...after[wider.overlayPage + 1] ?? []].map((l) => l.text).join(' ');
    expect(shown.replace(/\s+/g, ' ')).toContain(firstLine.trim().split(/\s+/).slice(0, 2).join(' '));
  });

  it('after a game they open at the keys of the results', () => {
    const over = finishGame(start({ players: 1, names: ['ANN'], match: { kind: 'single' } }, small));
    const opened = press(over, 'h');
    const page = instructionPages(RULE_SETS.official, MSX, 80, 24)[opened.overlayPage];
    expect(page.map((l) => l.text)).toContain('Keys: after a game');
  });

  it('from the MSX players question ESC closes the instructions: the question is asked again, nobody has quit', () => {
    const m = press(start({}, small), 'h', 'escape');
    expect(m.screen).toBe('setup');
    expect(m.overlay).toBeNull();
  });

  it.each([MSX, SPECTRUM].map((l) => [l.id, l] as const))('the %s instructions say what the keys on them do', (_id, layout) => {
    const t = instructionLines(RULE_SETS.official, layout, 200)
      .map((l) => l.text)
      .join('\n');
    expect(t).not.toContain('any key returns');
    expect(t).toMatch(/ESC +on the instructions: close them/);
  });
});
