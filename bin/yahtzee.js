#!/usr/bin/env node
// Launcher: the compiled CLI does everything. A clone that has not been built yet gets one line saying what to do.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(`yahtzee: the game is not built yet: run "npm install" (or "npm run build") first (in ${fileURLToPath(new URL('..', import.meta.url))})\n`);
  process.exit(1);
}
await import(cli.href);
