import { describe, expect, it, vi } from 'vitest';
import type { AppModel } from '../../src/app/index.js';
import { Text } from 'ink';
import { App } from '../../src/ui/App.js';
import { useCelebration } from '../../src/ui/hooks/useCelebration.js';
import { playOptions, start } from '../app/helpers.js';
import { render } from 'ink-testing-library';
import { sleep } from '../support/wait.js';
import { SIZE, mount } from './mount.js';

/** ANN's first roll, made five 4s. */
function yahtzee(animation: boolean): AppModel {
  const m = start({ players: 1, names: ['ANN'], animation });
  return { ...m, game: { ...m.game!, dice: [4, 4, 4, 4, 4] } };
}

const BANNER = /\*+\n.*\* +YAHTZEE! +\*/;
const bannerIn = (frame: string) => BANNER.test(frame.split('\n').map((l) => l.slice(l.indexOf('*'))).join('\n'));

describe('a Yahtzee celebrated on the screen (useCelebration)', () => {
  it('the banner beside the dice once they land, then the turn as before', async () => {
    const app = await mount(<App options={playOptions({ animation: true })} seed={7} size={SIZE} start={yahtzee(true)} rollFrameMs={5} />);
    await vi.waitFor(() => expect(app.frames.some(bannerIn)).toBe(true), { timeout: 5000 });
    await vi.waitFor(() => expect(bannerIn(app.lastFrame() ?? '')).toBe(false), { timeout: 5000 });
    expect(app.lastFrame()).toContain('ANN');
  });

  it('none with --no-animation: the message line says it, as before', async () => {
    const app = await mount(<App options={playOptions({ animation: false })} seed={7} size={SIZE} start={yahtzee(false)} />);
    // Nothing is to come: a fixed wait for a banner that must not appear.
    await sleep(300);
    expect(app.frames.some(bannerIn)).toBe(false);
  });
});

/** The hook's answer in each frame. */
function Probe({ model, landed }: { model: AppModel; landed: boolean }) {
  return <Text>{JSON.stringify(useCelebration(model, landed, 5))}</Text>;
}

describe('useCelebration', () => {
  it('flashes on and off once five alike have landed, then ends', async () => {
    // The probe reads no keys: rendered as it is, not mounted as the app.
    const app = render(<Probe model={yahtzee(true)} landed />);
    await vi.waitFor(() => expect(app.lastFrame()).toBe('null'), { timeout: 5000 });
    expect(app.frames).toContain('{"flash":true}');
    expect(app.frames).toContain('{"flash":false}');
    app.unmount();
  });

  it('nothing before the dice land, with --no-animation, or for a screen reader', async () => {
    for (const [model, landed] of [[yahtzee(true), false], [yahtzee(false), true], [{ ...yahtzee(true), screenReader: true }, true]] as const) {
      const app = render(<Probe model={model} landed={landed} />);
      // Nothing is to come: a fixed wait for a flash that must not appear.
      await sleep(100);
      expect(app.frames.every((f) => f === 'null')).toBe(true);
      app.unmount();
    }
  });
});
