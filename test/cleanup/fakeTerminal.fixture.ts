import { Writable } from 'node:stream';
import { createElement } from 'react';
import { Text, render } from 'ink';
import { expect, it } from 'vitest';

// Run only by test/cleanup/cleanup.test.ts, in a vitest run of its own: a test that draws on a fake terminal, as the
// screen tests do, so that Ink hides the cursor and restore-cursor means to show it again when the worker exits.
it('draws on a fake terminal', async () => {
  let written = '';
  const stdout = Object.assign(
    new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    }),
    { isTTY: true, columns: 40, rows: 10 },
  );
  const app = render(createElement(Text, null, 'hello'), { stdout: stdout as unknown as NodeJS.WriteStream, patchConsole: false });
  app.unmount();
  await app.waitUntilExit();
  expect(written).toContain('hello');
  expect(written).toContain('\u001B[?25l');
});
