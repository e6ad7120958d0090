import { describe, expect, it } from 'vitest';
import { computerSeatNames, isComputerName, modeOf, seatNames, seatsFor } from '../../src/app/index.js';
import { namedSeatText, setupComputerText } from '../../src/view/index.js';
import { press, start } from './helpers.js';

const seats = (m: ReturnType<typeof start>) => m.game?.players.map((p) => `${p.name}:${p.kind}${p.strength ? `:${p.strength}` : ''}`);

describe('MSX: the computer at the players question (c, s)', () => {
  it('c seats the computer in one more of the last seats, up to all four, then none again', () => {
    const m = start();
    expect(setupComputerText(m)).toBe('Computer: no seat');
    expect(press(m, 'c').setup.computers).toBe(1);
    expect(setupComputerText(press(m, 'c'))).toBe('Computer: the last seat, optimal');
    expect(setupComputerText(press(m, 'c', 'c'))).toBe('Computer: the last 2 seats, optimal');
    expect(setupComputerText(press(m, 'c', 'c', 'c', 'c'))).toBe('Computer: every seat, optimal');
    expect(press(m, 'c', 'c', 'c', 'c', 'c').setup.computers).toBe(0);
  });

  it('s goes through the strengths once the computer plays; refused before', () => {
    expect(press(start(), 's').message?.text).toBe('The computer does not play: press c to seat the computer first');
    expect(setupComputerText(press(start(), 'c', 's'))).toBe('Computer: the last seat, strong');
    expect(setupComputerText(press(start(), 'c', 's', 's'))).toBe('Computer: the last seat, casual');
    expect(setupComputerText(press(start(), 'c', 's', 's', 's'))).toBe('Computer: the last seat, win (plays to win)');
    expect(setupComputerText(press(start(), 'c', 's', 's', 's', 's'))).toBe('Computer: the last seat, optimal');
    expect(seats(press(start(), 'c', 's', 's', 's', '2'))).toEqual(['PLAYER 1:human', 'CPU:computer:win']);
  });

  it('then the number of players: the last seats are the computer, named CPU', () => {
    expect(seats(press(start(), 'c', 's', '2'))).toEqual(['PLAYER 1:human', 'CPU:computer:strong']);
    expect(seats(press(start(), 'c', 'c', '3'))).toEqual(['PLAYER 1:human', 'CPU 1:computer:optimal', 'CPU 2:computer:optimal']);
    // The computer alone only when asked for every seat: fewer computers than that always leave a person a seat.
    expect(seats(press(start(), 'c', 'c', 'c', 'c', '1'))).toEqual(['CPU:computer:optimal']);
    expect(press(start(), 'c', 'c', '1').game).toBeNull();
  });

  it('--computer N and --strength preset the question; --players with them starts at once', () => {
    expect(start({ computers: 2, strength: 'casual' }).setup).toMatchObject({ computers: 2, strength: 'casual' });
    expect(seats(start({ players: 2, computers: 1, strength: 'casual' }))).toEqual(['PLAYER 1:human', 'CPU:computer:casual']);
  });
});

describe('Spectrum: "two people and the Spectrum"', () => {
  it('a player named SPECTRUM (CPU, COMPUTER; any case) is the computer, in whatever seat', () => {
    const m = press(start({ layout: 'spectrum' }), ...'ANN'.split(''), 'enter', ...'Spectrum'.split(''), 'enter', ...'BOB'.split(''), 'enter', 'enter');
    expect(setupComputerText(m)).toBe('Computer: Spectrum, optimal');
    expect(seats(press(m, 'u'))).toEqual(['ANN:human', 'Spectrum:computer:optimal', 'BOB:human']);
    expect(['spectrum', 'CPU', ' computer ', 'SPECTRE'].map(isComputerName)).toEqual([true, true, true, false]);
  });

  it('S sets its strength at the competition question; refused when no computer plays', () => {
    const m = start({ layout: 'spectrum', names: ['ANN', 'SPECTRUM'] });
    expect(seats(press(m, 's', 'u'))).toEqual(['ANN:human', 'SPECTRUM:computer:strong']);
    expect(press(start({ layout: 'spectrum', names: ['ANN', 'BOB'] }), 's').message?.text).toBe(
      'The computer does not play: name a player SPECTRUM to play the computer',
    );
  });

  it('the name question says how; a computer seated first plays its turn at once', () => {
    expect(setupComputerText(start({ layout: 'spectrum' }))).toBe('Name a player SPECTRUM: the computer');
    const m = start({ layout: 'spectrum', names: ['SPECTRUM', 'ANN'], match: { kind: 'single' } }, { computerPlays: true });
    expect(modeOf(m)).toBe('computer');
  });

  it('--computer N asks only the people\'s names: the last N seats are the computer, named CPU', () => {
    const m = start({ layout: 'spectrum', players: 2, computers: 1 });
    expect(setupComputerText(m)).toBe('Computer: seat 2, optimal');
    const named = press(m, ...'ANN'.split(''), 'enter');
    expect(named.setup).toMatchObject({ step: 'match', names: ['ANN', 'CPU'] });
    expect(seats(press(named, 'u'))).toEqual(['ANN:human', 'CPU:computer:optimal']);
    expect(setupComputerText(start({ layout: 'spectrum', players: 3, computers: 2, strength: 'casual' }))).toBe('Computer: seats 2-3, casual');
  });

  it('--computer N without --players: the computer seats come after the people named, four seats at most', () => {
    const m = start({ layout: 'spectrum', computers: 1 });
    expect(setupComputerText(m)).toBe('Computer: a seat after the players named, optimal');
    expect(press(m, ...'ANN'.split(''), 'enter', 'enter').setup.names).toEqual(['ANN', 'CPU']);
    expect(press(m, 'A', 'enter', 'B', 'enter', 'C', 'enter').setup.names).toEqual(['A', 'B', 'C', 'CPU']);
  });

  it('--computer as many as the seats: no name is asked', () => {
    expect(start({ layout: 'spectrum', players: 2, computers: 2 }).setup).toMatchObject({ step: 'match', names: ['CPU 1', 'CPU 2'] });
  });

  it('a computer seat never takes a name a person has', () => {
    expect(computerSeatNames(['ANN'], 1)).toEqual(['CPU']);
    expect(computerSeatNames(['cpu'], 1)).toEqual(['CPU 2']);
    expect(computerSeatNames(['CPU 1', 'ANN'], 2)).toEqual(['CPU 2', 'CPU 3']);
  });

  it('names count with the MSX keys too: a seat named CPU, by --names or typed after n, is the computer', () => {
    expect(seats(start({ names: ['CPU', 'ANN'] }))).toEqual(['CPU:computer:optimal', 'ANN:human']);
    expect(seats(press(start(), 'n', 'A', 'enter', 'c', 'p', 'u', 'enter', 'enter'))).toEqual(['A:human', 'cpu:computer:optimal']);
    expect(seatsFor(['CPU', 'ANN'], 0, 'optimal', true).map((p) => p.kind)).toEqual(['computer', 'human']);
  });
});

describe('seat names for seats nobody named', () => {
  it('PLAYER n for people, CPU (CPU n when several) for the computer', () => {
    expect(seatNames(3, 0)).toEqual(['PLAYER 1', 'PLAYER 2', 'PLAYER 3']);
    expect(seatNames(3, 1)).toEqual(['PLAYER 1', 'PLAYER 2', 'CPU']);
    expect(seatNames(2, 2)).toEqual(['CPU 1', 'CPU 2']);
  });
});

describe('at a hosted table every name is a person\'s: a login or --name of SPECTRUM, CPU or COMPUTER is not the computer', () => {
  it('the seats, the setup words and the strength key', () => {
    const m = start({ layout: 'spectrum', names: ['root', 'cpu', 'Spectrum'], hosted: true });
    expect(setupComputerText(m)).toBeNull();
    expect(namedSeatText(m, 2)).toBe('Player 3: Spectrum');
    expect(seats(press(m, 'u'))).toEqual(['root:human', 'cpu:human', 'Spectrum:human']);
    expect(press(m, 's').message?.text).toBe('The computer does not play: a hosted table seats it with yahtzee host --computer N');
    // The table's own computer seats (--computer) still play.
    expect(seats(press(start({ layout: 'spectrum', names: ['root', 'CPU'], players: 2, computers: 1, hosted: true }), 'u'))).toEqual(['root:human', 'CPU:computer:optimal']);
  });
});
