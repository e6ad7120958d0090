import { createRequire } from 'node:module';

/**
 * The graphemes addon of xterm.js, loaded with Buffer hidden: it decodes its packed Unicode tables with Buffer when
 * there is one, and in a test worker that gives a view its inflater misreads ("Data error"); without Buffer it uses atob.
 */
export function loadGraphemesAddon(): typeof import('@xterm/addon-unicode-graphemes').UnicodeGraphemesAddon {
  const g = globalThis as { Buffer?: unknown };
  const buffer = g.Buffer;
  g.Buffer = undefined;
  try {
    return (createRequire(import.meta.url)('@xterm/addon-unicode-graphemes') as typeof import('@xterm/addon-unicode-graphemes')).UnicodeGraphemesAddon;
  } finally {
    g.Buffer = buffer;
  }
}
