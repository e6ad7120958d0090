import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Repaint } from '../../src/ui/Repaint.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Repaint: one blank frame, then the same frame again, each time its nonce changes', () => {
  it('draws its children at once while the nonce is 0', () => {
    const r = render(
      <Repaint nonce={0}>
        <Text>the chart</Text>
      </Repaint>,
    );
    expect(r.lastFrame()).toContain('the chart');
    r.unmount();
  });

  it('a new nonce blanks the screen, and the children come back with their state', async () => {
    const r = render(
      <Repaint nonce={0}>
        <Text>the chart</Text>
      </Repaint>,
    );
    for (const nonce of [1, 2]) {
      r.rerender(
        <Repaint nonce={nonce}>
          <Text>the chart</Text>
        </Repaint>,
      );
      await wait(5);
      expect(r.lastFrame()).not.toContain('the chart');
      await wait(200);
      expect(r.lastFrame()).toContain('the chart');
    }
    r.unmount();
  });
});
