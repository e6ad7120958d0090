import { describe, expect, it } from 'vitest';
import { computerChoice, legal, modeOf, resumeModel, update, type AppAction, type AppModel } from '../../src/app/index.js';
import { validateGameState } from '../../src/engine/index.js';
import { humanEntries } from '../../src/storage/highScores.js';
import { finishGame, playOptions, press, start } from './helpers.js';

/** A hosted game of hal (the host), ann and bob, the computer at `strength` when it plays, at ann's turn. */
function annsTurn(over: Parameters<typeof start>[0] = {}): AppModel {
  const m = start({ players: 3, names: ['hal', 'ann', 'bob'], match: { kind: 'single' }, strength: 'casual', hosted: true, ...over }, { computerPlays: true });
  return update(update(m, { type: 'stop-rolling' }), { type: 'score-cursor' });
}

const away = (m: AppModel, ...names: string[]): AppModel => update(m, { type: 'away', names });
const give: AppAction = { type: 'seat-to-computer' };
const kinds = (m: AppModel) => m.game?.players.map((p) => `${p.name}:${p.kind}${p.strength ? `:${p.strength}` : ''}`);

describe('the seats whose players are away (a hosted table)', () => {
  it('the table tells the model who is away; the same list again changes nothing', () => {
    const m = away(annsTurn(), 'ann');
    expect(m.away).toEqual(['ann']);
    expect(away(m, 'ann')).toBe(m);
    expect(away(m).away).toEqual([]);
  });
});

describe("seat-to-computer: a dropped player's seat is played by the computer", () => {
  it("on the dropped player's turn, the key gives their seat to the computer: name and card kept, the computer's turn goes on from where it was", () => {
    const before = press(away(annsTurn(), 'ann'), '1', 'space');
    expect(before.game?.rollsUsed).toBe(2);
    const m = press(before, 'c');
    expect(m.message).toEqual({ text: "ann's seat is played by the computer", tone: 'info' });
    expect(kinds(m)).toEqual(['hal:human', 'ann:computer:casual', 'bob:human']);
    expect(m.game?.cards).toEqual(before.game?.cards);
    expect(m.game?.dice).toEqual(before.game?.dice);
    expect(m.game?.current).toBe(1);
    expect(modeOf(m)).toBe('computer');
    // The computer decides from the position as ann left it, as for any computer's turn.
    const choice = computerChoice(m, undefined);
    expect(choice).not.toBeNull();
    const decided = update(m, { type: 'computer-decision', decision: choice!.decision, rng: choice!.rng });
    expect(decided.message?.tone).toBe('info');
    expect(decided.computer.steps.length).toBe(1);
  });

  it('the computer plays at the strength the table set for its seats', () => {
    const m = update(away(annsTurn({ strength: 'strong' }), 'ann'), give);
    expect(kinds(m)).toEqual(['hal:human', 'ann:computer:strong', 'bob:human']);
  });

  it('a named seat away but not in turn is given too; the turn stays where it is', () => {
    const m = update(away(annsTurn(), 'BOB'), { type: 'seat-to-computer', name: 'Bob' });
    expect(kinds(m)).toEqual(['hal:human', 'ann:human', 'bob:computer:casual']);
    expect(m.message?.text).toBe("bob's seat is played by the computer");
    expect(modeOf(m)).toBe('rolling');
  });

  it('is refused, nothing changed, for a player at the table, a local game, the computer, an unknown seat and a game over', () => {
    const here = annsTurn();
    const refusals: [AppModel, AppAction, string][] = [
      [away(here, 'bob'), give, 'ann has not left the table: c gives the computer the seat of a player whose connection dropped'],
      // A game of one terminal has no table to leave: the key is not the game's there.
      [start({ players: 2, names: ['ann', 'bob'], match: { kind: 'single' } }), give, 'Unknown key: h/? lists the keys'],
      [away(here, 'bob'), { type: 'seat-to-computer', name: 'cy' }, 'No seat is named cy'],
      [update(away(here, 'ann'), give), { type: 'seat-to-computer', name: 'ann' }, 'ann is played by the computer already'],
      [finishGame(away(here, 'ann')), { type: 'seat-to-computer', name: 'ann' }, 'The game is over: y plays again'],
    ];
    for (const [m, action, text] of refusals) {
      const after = update(m, action);
      expect(after.message).toEqual({ text, tone: 'error' });
      expect(after.game).toBe(m.game);
      expect(legal(m, action)).not.toBeNull();
    }
    expect(legal(away(here, 'ann'), give)).toBeNull();
  });

  it('the Spectrum layout gives the seat with S (c holds die C there)', () => {
    const m = away(annsTurn({ layout: 'spectrum', names: ['hal', 'ann', 'bob'] }), 'ann');
    expect(press(m, 'c').game?.held[2]).toBe(true);
    expect(kinds(press(m, 'S'))).toEqual(['hal:human', 'ann:computer:casual', 'bob:human']);
  });

  it('nothing takes it back: the take-back of the box before is gone with it', () => {
    const m = away(annsTurn({ takeBack: true }), 'ann');
    expect(m.takeBack).not.toBeNull();
    const given = update(m, give);
    expect(given.takeBack ?? null).toBeNull();
    expect(given.undo).toEqual([]);
    expect(kinds(update(given, { type: 'undo' }))).toEqual(kinds(given));
  });

  it('the saved game keeps the computer in the seat; a game finished so keeps it out of the high scores', () => {
    const m = update(away(annsTurn(), 'ann'), give);
    const saved = JSON.parse(JSON.stringify(m.game)) as unknown;
    expect(validateGameState(saved).ok).toBe(true);
    const over = finishGame({ ...m, computerPlays: false });
    expect(humanEntries(over.game!).map((e) => e.name)).toEqual(['hal', 'bob']);
  });

  it("after the match, play again keeps each seat's player: a resumed game's computer in a middle seat stays there", () => {
    const given = update(away(annsTurn(), 'ann'), give);
    const resumed = resumeModel(playOptions({ hosted: true }), { seed: 1, size: { columns: 80, rows: 24 } }, given.game!, 'msx');
    const again = update(finishGame({ ...resumed, computerPlays: false }), { type: 'continue' });
    expect(again.game?.results).toEqual([]);
    expect(kinds(again)).toEqual(['hal:human', 'ann:computer:casual', 'bob:human']);
  });
});
