import { describe, expect, it, vi } from 'vitest';
import type { AppModel } from '../../src/app/index.js';
import type { StrategyTable } from '../../src/solver/index.js';
import { App, type StrategySource } from '../../src/ui/App.js';
import { playOptions, start } from '../app/helpers.js';
import { SIZE, mount } from './mount.js';

/** A source whose load fails with `error` once `fail` is called. */
function failing(error: string) {
  let fail: (() => void) | null = null;
  const source: StrategySource = {
    cached: () => undefined,
    load: () => new Promise<StrategyTable>((_, reject) => (fail = () => reject(new Error(error)))),
  };
  return { source, started: () => fail !== null, fail: () => fail?.() };
}

describe('the strategy table (useStrategyTable)', () => {
  it('a load that fails: the model says failed and why, and the game goes on', async () => {
    const f = failing('no worker threads here');
    const models: AppModel[] = [];
    const app = await mount(<App options={playOptions()} seed={7} size={SIZE} start={start({ players: 1, names: ['ANN'] })} strategy={f.source} onModel={(m) => models.push(m)} />);
    await app.type('t');
    await vi.waitFor(() => expect(f.started()).toBe(true), { timeout: 5000 });
    expect(models.at(-1)?.strategy.status).toBe('loading');
    f.fail();
    await vi.waitFor(() => expect(models.at(-1)?.strategy).toEqual({ status: 'failed', error: 'no worker threads here' }), { timeout: 5000 });
    await app.type(' ');
    await vi.waitFor(() => expect(app.lastFrame()).toContain('roll 2 of 3'), { timeout: 5000 });
  });
});
