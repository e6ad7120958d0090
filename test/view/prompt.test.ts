import { describe, expect, it } from 'vitest';
import { modeOf, type AppModel } from '../../src/app/index.js';
import { fitPrompt, promptItems, promptLead, promptWidth, spokenKeysLine } from '../../src/view/index.js';
import { MODES, bindingsFor, getLayout, type Mode } from '../../src/app/keymaps/index.js';
import { modelIn } from '../app/keymaps/fixtures.js';
import { asking, finishGame, noRollsLeft, press, start } from '../app/helpers.js';

const line = (m: AppModel) => promptItems(m).map((i) => `${i.keys} ${i.does}`);
const msx = () => start({ players: 2 });
const spectrum = () => start({ layout: 'spectrum', names: ['ANN', 'BOB'], match: { kind: 'single' } });

describe('the prompt line lists exactly the keys that do something now', () => {
  const cases: [string, () => AppModel, string[]][] = [
    ['MSX resume question: resume, a new game, quit, and the instructions', () => asking('msx'), ['y/ENTER resume', 'n new game', 'q/ESC quit', 'h/? help']],
    ['Spectrum resume question: the same in its own labels', () => asking('spectrum'), ['Y/ENTER resume', 'N new game', 'Q/ESC quit', 'I instructions']],
    ['resume question answered: no keys while the game begins', () => press(asking('msx'), 'y'), []],
    ['MSX setup: 1-4, n for names, the computer key and quit (s only once the computer plays)', () => start(), ['1-4 players', 'n names', 'c computer', 'r rules', 'm match', 'h/? help', 'q/ESC quit']],
    ['MSX setup with the computer seated: s for its strength', () => press(start(), 'c'), ['1-4 players', 'n names', 'c computer', 's strength', 'r rules', 'm match', 'h/? help', 'q/ESC quit']],
    ['MSX first roll, nothing marked: no "0 clear"', msx, ['1-5 mark', 'SPACE roll', 'i score now', 't tip', 'w chances', 'h/? help', 'q/ESC quit']],
    ['MSX with a mark: "0 clear" appears', () => press(msx(), '2'), ['1-5 mark', '0 clear', 'SPACE roll', 'i score now', 't tip', 'w chances', 'h/? help', 'q/ESC quit']],
    ['MSX with all five marked: no SPACE', () => press(msx(), '1', '2', '3', '4', '5'), ['1-5 mark', '0 clear', 'i score now', 't tip', 'w chances', 'h/? help', 'q/ESC quit']],
    ['MSX choosing: the cursor keys', () => press(msx(), 'i'), ['↑↓ move', '→/ENTER score', 'i roll on', 't tip', 'w chances', 'h/? help', 'q/ESC quit']],
    ['MSX after the third roll: no rolling to go back to', () => press(msx(), 'space', 'space'), ['↑↓ move', '→/ENTER score', 't tip', 'w chances', 'h/? help', 'q/ESC quit']],
    ['MSX practice: no tip key (always on), undo once there is something to take back', () => press(start({ players: 1, practice: true }), '1', 'space'), ['1-5 mark', 'SPACE roll', 'i score now', 'u take back', 'h/? help', 'q/ESC quit']],
    ['MSX computer turn: SPACE/ENTER plays it at once', () => start({ players: 1, computers: 1 }, { computerPlays: true }), ['SPACE/ENTER finish its turn', 'h/? help', 'q/ESC quit']],
    ['MSX quit question', () => press(msx(), 'q'), ['y yes, quit', 'n/ESC no, play on']],
    ['MSX after the last game', () => finishGame(msx()), ['y play again', 'r review', 'h/? help', 'q/ESC quit']],
    ['MSX quit question after the last game (asked while saving fails): no game to play on', () => press({ ...finishGame(msx()), saveProblem: 'disk full' }, 'q'), ['y yes, quit', 'n/ESC no, stay']],
    ['Spectrum quit question in a game', () => press(spectrum(), 'q'), ['Y yes, quit', 'N/ESC no, play on']],
    ['Spectrum quit question after the last game: no game to play on', () => press(finishGame(spectrum()), 'q'), ['Y yes, quit', 'N/ESC no, stay']],
    ['MSX review page', () => press(finishGame(msx()), 'r'), ['press any key to go on']],
    ['Spectrum competition', () => start({ layout: 'spectrum', names: ['ANN'] }), ['F fixed number of games', 'P first to a score', 'U single games', 'R rules', 'I instructions', 'Q quit']],
    ['Spectrum competition with SPECTRUM playing: S for its strength', () => start({ layout: 'spectrum', names: ['ANN', 'SPECTRUM'] }), ['F fixed number of games', 'P first to a score', 'U single games', 'S strength', 'R rules', 'I instructions', 'Q quit']],
    ['Spectrum rolling', spectrum, ['A-E hold', 'ENTER roll', '0 score', 'H hint', 'W chances', 'I instructions', 'Q quit']],
    ['Spectrum choosing, nothing typed: no ENTER, no BACKSPACE; ESC rolls on', () => press(spectrum(), '0'), ['1-13 option', 'ESC roll on', 'H hint', 'W chances', 'I instructions', 'Q quit']],
    ['Spectrum choosing with no rolls left: no ESC', () => noRollsLeft(press(spectrum(), '0')), ['1-13 option', 'H hint', 'W chances', 'I instructions', 'Q quit']],
    ['Spectrum choosing with "1" typed', () => press(spectrum(), '0', '1'), ['1-13 option', 'BACKSPACE edit', 'ENTER score', 'H hint', 'W chances', 'I instructions', 'Q quit']],
    ['Spectrum choosing with "9" typed: a second digit may follow, for ENTER to refuse', () => press(spectrum(), '0', '9'), ['1-13 option', 'BACKSPACE edit', 'ENTER score', 'H hint', 'W chances', 'I instructions', 'Q quit']],
    ['Spectrum choosing with "14" typed: no more digits, and ENTER clears it', () => press(spectrum(), '0', '1', '4'), ['BACKSPACE edit', 'ENTER clear', 'H hint', 'W chances', 'I instructions', 'Q quit']],
    ['Spectrum computer turn (a player named SPECTRUM): ENTER plays it at once', () => start({ layout: 'spectrum', names: ['SPECTRUM', 'ANN'], match: { kind: 'single' } }, { computerPlays: true }), ['W chances', 'ENTER finish its turn', 'I instructions', 'Q quit']],
    ['Spectrum instructions', () => press(spectrum(), 'i'), ['Q/ESC close', 'any other key to go on']],
    ['Spectrum first name: no name yet, so no ENTER or BACKSPACE; ESC leaves', () => start({ layout: 'spectrum' }), ['A-Z name', 'TAB instructions', 'ESC quit']],
    ['Spectrum first name half typed', () => press(start({ layout: 'spectrum' }), 'A'), ['A-Z name', 'BACKSPACE edit', 'ENTER next', 'TAB instructions', 'ESC quit']],
    ['Spectrum second name: ESC goes back to the first', () => press(start({ layout: 'spectrum' }), 'A', 'enter'), ['A-Z name', 'ENTER next', 'ESC back', 'TAB instructions']],
    ['too small: q/ESC quits (and Ctrl-C, which the prompt leaves out)', () => start({ players: 4 }, { size: { columns: 40, rows: 10 } }), ['q/ESC quit']],
  ];
  it.each(cases)('%s', (_what, make, want) => {
    expect(line(make())).toEqual(want);
  });
});

/** Every mode a key can be refused in (the pages take any key, and too small takes none but Ctrl-C). */
const REFUSING: readonly Mode[] = MODES.filter((m) => m !== 'help' && m !== 'review' && m !== 'too-small');

/** A layout and a mode it has keys for, with a model in that mode. */
const refusalCases = (['msx', 'spectrum'] as const).flatMap((layout) =>
  REFUSING.filter((mode) => bindingsFor(getLayout(layout), mode).some((b) => b.prompt !== '')).map((mode) => ({ layout, mode })),
);

describe('a refused key leaves the prompt line as it was', () => {
  it.each(refusalCases)('$layout, $mode: an unknown key (the left arrow) is refused and the prompt lists the same keys', ({ layout, mode }) => {
    const before = modelIn(layout, mode, 'x');
    expect(modeOf(before)).toBe(mode);
    const after = press(before, 'left');
    expect(after.message?.tone).toBe('error');
    expect(line(after)).toEqual(line(before));
  });

  it.each(refusalCases)('$layout, $mode: the prompt does not depend on the message line', ({ layout, mode }) => {
    const m = modelIn(layout, mode, 'x');
    const want = line({ ...m, message: null });
    expect(line({ ...m, message: { text: 'Unknown key', tone: 'error' } })).toEqual(want);
    expect(line({ ...m, message: { text: 'ANN scored 4 in Fours', tone: 'info' } })).toEqual(want);
  });

  const keys: [string, () => AppModel, string[], string[]][] = [
    ['MSX resume question, a wrong key: the answers still listed', () => press(asking('msx'), 'x'), ['y/ENTER resume', 'n new game', 'q/ESC quit', 'h/? help'], []],
    ['MSX quit question, a wrong key: y is still listed', () => press(msx(), 'q', 'x'), ['y yes, quit', 'n/ESC no, play on'], []],
    ['Spectrum quit question, a wrong key: Y is still listed', () => press(spectrum(), 'q', 'x'), ['Y yes, quit', 'N/ESC no, play on'], []],
    ['MSX setup, a wrong number: quit is still listed', () => press(start(), '7'), ['1-4 players', 'n names', 'c computer', 'r rules', 'm match', 'h/? help', 'q/ESC quit'], []],
    ['MSX rolling, a choosing key: quit and help still listed', () => press(msx(), 'right'), ['1-5 mark', 'SPACE roll', 'i score now', 't tip', 'w chances', 'h/? help', 'q/ESC quit'], []],
    ['Spectrum rolling, an option number first: quit still listed', () => press(spectrum(), '5'), ['A-E hold', 'ENTER roll', '0 score', 'H hint', 'W chances', 'I instructions', 'Q quit'], []],
    ['Spectrum competition, a wrong letter: quit still listed', () => press(start({ layout: 'spectrum', names: ['ANN'] }), 'x'), ['F fixed number of games', 'P first to a score', 'U single games', 'R rules', 'I instructions', 'Q quit'], []],
    ['MSX after the last game, a wrong key: quit still listed', () => press(finishGame(msx()), 'x'), ['y play again', 'r review', 'h/? help', 'q/ESC quit'], []],
  ];
  it.each(keys)('%s', (_what, make, want) => {
    const m = make();
    expect(m.message?.tone).toBe('error');
    expect(line(m)).toEqual(want);
  });
});

describe('the prompt line fits its width with whole words', () => {
  const items = [
    { keys: '1-5', does: 'mark' },
    { keys: 'SPACE', does: 'roll' },
    { keys: 'i', does: 'score now' },
    { keys: 't', does: 'tip', spare: true },
    { keys: 'h/?', does: 'help' },
    { keys: 'q/ESC', does: 'quit' },
  ];
  const line = (its: readonly { keys: string; does: string }[]) => its.map((it, i) => (i === 0 ? ' ' : '  ') + it.keys + (it.does ? ` ${it.does}` : '')).join('');
  it.each([
    [80, ' 1-5 mark  SPACE roll  i score now  t tip  h/? help  q/ESC quit'],
    [60, ' 1-5 mark  SPACE roll  i score  t tip  h/? help  q/ESC quit'],
    // The spare key goes before any word: a bare key says nothing.
    [58, ' 1-5 mark  SPACE roll  i score  h/? help  q/ESC quit'],
    [52, ' 1-5 mark  SPACE roll  i score  h/? help  q/ESC quit'],
    [40, ' 1-5 mark  SPACE roll  i  h/?  q/ESC'],
  ])('at %i columns', (width, want) => {
    const fitted = fitPrompt(items, width);
    expect(line(fitted)).toBe(want);
    expect(promptWidth(fitted)).toBeLessThanOrEqual(width);
  });

  it("the Spectrum's competition question at 80 columns: shorter words, but 'strength' stays the setup's word", () => {
    const m = start({ layout: 'spectrum', names: ['ANN', 'SPECTRUM'] });
    expect(line(fitPrompt(promptItems(m), 80))).toBe(' F games  P target  U single  S strength  R rules  I help  Q quit');
  });

  it('a full line of two players with the take-back keeps its key at 80 columns, in its shorter word', () => {
    const m = press(start({ players: 2, takeBack: true }), 'i', 'right');
    expect(line(promptItems(m))).toBe(' 1-5 mark  SPACE roll  i score now  t tip  w chances  u take back  h/? help  q/ESC quit');
    expect(line(fitPrompt(promptItems(m), 80))).toBe(' 1-5 mark  SPACE roll  i score  t tip  w chances  u undo  h/? help  q/ESC quit');
  });
});

describe("at a hosted table the prompt says when its keys are the host's alone (every screen shows the host's line)", () => {
  const hosted = (m: AppModel): AppModel => ({ ...m, settings: { ...m.settings, hosted: true } });
  it("a computer's turn, the end of a game and the quit question lead with 'host:'; a person's turn does not", () => {
    expect(promptLead(hosted(start({ players: 1, computers: 1 }, { computerPlays: true })))).toBe('host:');
    expect(promptLead(hosted(finishGame(msx())))).toBe('host:');
    expect(promptLead(hosted(press(msx(), 'q')))).toBe('host:');
    expect(promptLead(hosted(msx()))).toBeUndefined();
    expect(promptLead(hosted(press(msx(), 'i')))).toBeUndefined();
    // One terminal's game: the keys are whoever sits at it.
    expect(promptLead(finishGame(msx()))).toBeUndefined();
    expect(promptLead(start({ players: 1, computers: 1 }, { computerPlays: true }))).toBeUndefined();
  });

  it("an onlooker's line lists only their own keys: a guest's hints, chances and leaving; the host's hints, chances, instructions and quit", () => {
    const guest = { ...hosted(msx()), onlooker: 'guest' as const };
    const host = { ...hosted(msx()), onlooker: 'host' as const };
    expect(line(guest)).toEqual(['t tip', 'w chances', 'h/? help', 'Ctrl-C leave']);
    expect(line(host)).toEqual(['t tip', 'w chances', 'h/? help', 'q/ESC quit']);
    expect(promptLead(guest)).toBe('your keys:');
    expect(promptLead(host)).toBe('your keys:');
    // While the player to move is away, the host's line has the key that gives their seat to the computer.
    const away = { ...host, away: [host.game!.players[host.game!.current].name] };
    expect(line(away)).toEqual(['t tip', 'w chances', 'c computer plays the seat', 'h/? help', 'q/ESC quit']);
    const zx = { ...hosted(spectrum()), onlooker: 'host' as const };
    expect(line({ ...zx, away: [zx.game!.players[zx.game!.current].name] })).toContain('S computer plays the seat');
  });

  it('the spoken keys line says whose keys they are', () => {
    expect(spokenKeysLine(hosted(finishGame(msx())))).toMatch(/^The host's keys: y play again; /);
    expect(spokenKeysLine(hosted(msx()))).toMatch(/^Keys: 1 to 5 mark; /);
  });
});
