/**
 * An exception is a bug, never a refusal: with one injected into the engine (a roll that throws) or into a phase of the
 * controller (the person's turn), the controller throws it, the fuzz reports it as "a key threw", and the app mounted in Ink stops on it. Before, catch-alls in the
 * controller's update and the engine's reduce turned it into "That did not work: ..." and every check passed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { legal, update } from '../../src/app/index.js';
import { App } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { SIZE, mount } from '../ui/mount.js';
import { runStream, type Scenario } from './driver.js';

const inject = vi.hoisted(() => ({ on: false, phase: false }));

// A fault in a phase of the controller itself (the person's turn): it reaches update's caller as well.
vi.mock('../../src/app/update/game.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/app/update/game.js')>();
  return {
    ...original,
    personTurn: (...args: Parameters<typeof original.personTurn>) => {
      if (inject.phase && args[1].type === 'toggle-die') throw new Error('injected phase fault');
      return original.personTurn(...args);
    },
  };
});

vi.mock('../../src/engine/game.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engine/game.js')>();
  return {
    ...original,
    reduce: (...args: Parameters<typeof original.reduce>) => {
      if (inject.on && args[1].type === 'roll') throw new Error('injected fault');
      return original.reduce(...args);
    },
  };
});

afterEach(() => {
  inject.on = false;
  inject.phase = false;
});

const SCENARIO: Scenario = { layout: 'msx', rules: 'official', players: 1, computers: 0, strength: 'optimal', computerPlays: false, practice: false, color: false, seed: 7, size: { kind: 'abs', columns: 80, rows: 24 } };

describe('an exception reaches the tests', () => {
  it('the controller throws it', () => {
    const m = start({ players: 1 });
    expect(update(m, { type: 'roll' }).game?.rollsUsed).toBe(2);
    inject.on = true;
    expect(() => update(m, { type: 'roll' })).toThrow('injected fault');
  });

  it('a fault in a phase of the controller throws from update, and legal (the prompt line) throws it too', () => {
    const m = start({ players: 1 });
    expect(update(m, { type: 'toggle-die', die: 0 }).game?.held[0]).toBe(true);
    inject.phase = true;
    expect(() => update(m, { type: 'toggle-die', die: 0 })).toThrow('injected phase fault');
    expect(() => legal(m, { type: 'toggle-die', die: 0 })).toThrow('injected phase fault');
  });

  it('the fuzz fails on it, naming the key', () => {
    const intents = Array.from({ length: 6 }, (_, n) => ({ k: 'advance', n: n * 6 }) as const);
    expect(() => runStream(SCENARIO, intents, { kind: 'none' })).not.toThrow();
    inject.on = true;
    expect(() => runStream(SCENARIO, intents, { kind: 'none' })).toThrow(/a key threw: Error: injected fault/);
  });

  it('the app in Ink stops on it: the error is drawn, not a message under the game', async () => {
    const app = await mount(<App options={playOptions({ players: 1 })} seed={7} size={SIZE} />);
    inject.on = true;
    let thrown: unknown = null;
    try {
      await app.type(' ');
    } catch (e) {
      thrown = e;
    }
    const frame = app.lastFrame() ?? '';
    expect(frame).not.toContain('That did not work');
    expect(thrown !== null || frame.includes('injected fault')).toBe(true);
  });
});
