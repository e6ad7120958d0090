import { describe, expect, it, vi } from 'vitest';
import type { AppModel, ComputerProvider } from '../../src/app/index.js';
import { legalBoxes, type GameState } from '../../src/engine/index.js';
import { App } from '../../src/ui/App.js';
import { ROLL_FRAMES, ROLL_FRAME_MS } from '../../src/ui/useRollAnimation.js';
import { playOptions } from '../app/helpers.js';
import { KEYS } from '../support/keys.js';
import { sleep, waitFor, waitForScreen } from '../support/wait.js';
import { SIZE, mount } from './mount.js';

function mountApp(props: Partial<Parameters<typeof App>[0]> = {}) {
  return mount(<App options={playOptions(props.options)} seed={7} size={SIZE} {...props} />);
}

describe('the app, driven by keys', () => {
  it('MSX: players, marks, roll, i, cursor down and right score a box', async () => {
    const app = await mountApp();
    expect(app.lastFrame()).toContain('Number of players (1-4)?');
    await app.type('2', '1', '3', ' ');
    expect(app.lastFrame()).toContain("PLAYER 1's turn 1 of 13  ·  roll 2 of 3");
    await app.type('i', KEYS.down, KEYS.down, KEYS.down);
    expect(app.lastFrame()).toMatch(/▶Fours\s+\(4\)/);
    await app.type(KEYS.right);
    expect(app.lastFrame()).toContain('PLAYER 1 scored 4 in Fours');
    expect(app.lastFrame()).toContain("PLAYER 2's turn");
  });

  it('Spectrum: names typed in one burst, U, holds, ENTER, 0 and the option number', async () => {
    const app = await mountApp({ options: playOptions({ layout: 'spectrum' }) });
    await app.type('ANN\r', 'BOB\r', '\r', 'u');
    expect(app.lastFrame()).toMatch(/ANN\s+BOB/);
    await app.type('a', 'c', KEYS.enter);
    expect(app.lastFrame()).toContain('roll 2 of 3');
    expect(app.lastFrame()).toContain('HOLD');
    await app.type('0', '1', '2', KEYS.backspace, '3', KEYS.enter);
    expect(app.lastFrame()).toContain('ANN scored 21 in Chance');
  });

  it('Ctrl-C quits from anywhere and hands over the last model', async () => {
    const onQuit = vi.fn<(m: AppModel) => void>();
    const app = await mountApp({ onQuit });
    await app.type('3', 'h', KEYS.ctrlC);
    expect(onQuit).toHaveBeenCalledTimes(1);
    expect(onQuit.mock.calls[0][0].screen).toBe('done');
    expect(onQuit.mock.calls[0][0].game?.players).toHaveLength(3);
  });

  it('Q then Y quits; Q then N plays on', async () => {
    const onQuit = vi.fn();
    const app = await mountApp({ options: playOptions({ players: 1 }), onQuit });
    await app.type('q');
    expect(app.lastFrame()).toContain('Quit the game?');
    await app.type('n');
    expect(app.lastFrame()).not.toContain('Quit the game?');
    await app.type('q', 'y');
    expect(onQuit).toHaveBeenCalledTimes(1);
  });

  it('calls onGameChange with each new game state and the decisions so far (for autosave)', async () => {
    const states: GameState[] = [];
    const decided: number[] = [];
    const app = await mountApp({
      options: playOptions({ players: 1 }),
      onGameChange: (s, _notify, decisions) => {
        states.push(s);
        decided.push(decisions.length);
      },
    });
    await app.type('1', ' ');
    expect(states.map((s) => [s.rollsUsed, s.held[0]])).toEqual([
      [1, false],
      [1, true],
      [2, false],
    ]);
    // With the decisions so far (saved, so that the review after a resume covers the whole game): the roll was one.
    expect(decided).toEqual([0, 0, 1]);
  });

  it('a key typed with the one that ends the game (one read) does not skip the finished game: it is shown and told', async () => {
    const phases: string[] = [];
    const app = await mountApp({ options: playOptions({ players: 1 }), onGameChange: (s) => void phases.push(s.phase) });
    for (let turn = 0; turn < 12; turn++) await app.type('i', KEYS.enter);
    await app.type('i');
    expect(phases).not.toContain('gameOver');
    // ENTER scores the last box, and the ENTER after it in the same read would start the next game.
    await app.type(KEYS.enter + KEYS.enter);
    expect(phases.at(-1)).toBe('gameOver');
    expect(app.lastFrame()).toContain('GAME OVER');
  });

  it('shows the line onGameChange returns (saving failed) on the message line', async () => {
    const app = await mountApp({ options: playOptions({ players: 1 }), onGameChange: (s) => (s.held[0] ? { text: 'Saving failed (the game goes on): disk full', tone: 'error' } : null) });
    expect(app.lastFrame()).not.toContain('Saving failed');
    await app.type('1');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Saving failed (the game goes on): disk full'), { timeout: 5000 });
  });

  it('shows a line onGameChange hands to notify later (a save that finished in the background) on the message line', async () => {
    const notifies: Array<(notice: { text: string; tone: 'error' | 'info' }) => void> = [];
    const app = await mountApp({ options: playOptions({ players: 1 }), onGameChange: (_s, notify) => void notifies.push(notify) });
    await app.type('1');
    expect(app.lastFrame()).not.toContain('Saving failed');
    notifies.at(-1)!({ text: 'Saving failed (the game goes on): disk full', tone: 'error' });
    await vi.waitFor(() => expect(app.lastFrame()).toContain('Saving failed (the game goes on): disk full'), { timeout: 5000 });
  });

  it('plays a computer seat through the move provider, a decision and its step at a time', async () => {
    const asked: string[] = [];
    const computerMove: ComputerProvider = (m) => {
      const g = m.game!;
      asked.push(`${g.players[g.current].name} ${g.phase}`);
      return { decision: { kind: 'score', box: legalBoxes(g)[0].id }, rng: m.computer.rng };
    };
    const app = await mountApp({ options: playOptions({ players: 2, computers: 1 }), computerMove, computerDelayMs: 5 });
    expect(app.lastFrame()).toMatch(/CPU/);
    await app.type('i', KEYS.right);
    await vi.waitFor(() => expect(app.lastFrame()).toContain('CPU scored 1 in Aces'), { timeout: 5000 });
    expect(asked).toEqual(['CPU rolling']);
    expect(app.lastFrame()).toContain("PLAYER 1's turn");
  });

  it('animates a roll for a few frames, then settles on the dice the engine rolled', async () => {
    const still = await mountApp({ options: playOptions({ players: 1, animation: false }) });
    // The still app's frames over an animation's length are what the moving one is compared with.
    await sleep(ROLL_FRAMES * ROLL_FRAME_MS + 100);
    const stillFrames = new Set(still.frames).size;
    const final = still.lastFrame();
    still.unmount();
    const moving = await mountApp({ options: playOptions({ players: 1, animation: true }) });
    await waitFor(() => moving.lastFrame() === final, { what: 'the roll to settle', state: () => moving.lastFrame() ?? '' });
    expect(new Set(moving.frames).size).toBeGreaterThan(stillFrames);
    expect(moving.lastFrame()).toBe(final);
  });

  it('shows "enlarge the terminal" below the minimum and comes back when resized', async () => {
    const r = await mount(<App options={playOptions({ players: 4 })} seed={7} size={{ columns: 60, rows: 20 }} />);
    expect(r.lastFrame()).toBe('78x22 needed: enlarge the terminal\nit is 60x20 now (q/ESC or Ctrl-C quits)');
    r.rerender(<App options={playOptions({ players: 4 })} seed={7} size={SIZE} />);
    await waitForScreen(r.lastFrame, "PLAYER 1's turn");
    expect(r.lastFrame()).toContain("PLAYER 1's turn");
  });
});
