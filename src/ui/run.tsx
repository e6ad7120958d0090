import type { PlayOptions } from '../commands/playOptions.js';
import type { AppModel } from '../app/index.js';

const ALT_SCREEN_ON = '\u001b[?1049h\u001b[H';
const ALT_SCREEN_OFF = '\u001b[?1049l';

/** Starts the interactive game in the terminal (the CLI has checked it is one) and resolves when the player quits. */
export async function runGame(options: PlayOptions): Promise<void> {
  // React picks its development or production build when first loaded: decide before loading it.
  process.env.NODE_ENV ??= 'production';
  const [{ render }, React, { App }, { farewell }, { randomSeed }] = await Promise.all([
    import('ink'),
    import('react'),
    import('./App.js'),
    import('../app/index.js'),
    import('../engine/index.js'),
  ]);
  const seed = options.seed ?? randomSeed();
  let last: AppModel | null = null;
  process.stdout.write(ALT_SCREEN_ON);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.stdout.write(ALT_SCREEN_OFF);
  };
  process.once('exit', restore);
  const instance = render(React.createElement(App, { options, seed, onQuit: (m: AppModel) => (last = m) }), { exitOnCtrlC: false });
  const onSignal = () => instance.unmount();
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  process.once('SIGINT', onSignal);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGTERM', onSignal);
    process.off('SIGHUP', onSignal);
    process.off('SIGINT', onSignal);
    restore();
  }
  process.stdout.write(farewell(last));
}
