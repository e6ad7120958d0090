import { BIN, TerminalSession } from './terminal.js';

/**
 * The kernel fails a read with EIO while a closing terminal's other end is half gone, a race no test can time. This
 * rig makes it certain: the program reads its stdin from a pseudo-terminal's master whose other end the rig closes on
 * the first key typed into the session (a master's read then fails with EIO); it draws on the session's terminal.
 */
const RIG = `
  const { requireBinary } = require('@lydell/node-pty/requireBinary.js');
  const keys = requireBinary('pty.node').open(80, 24);
  // The slave's descriptor is not close-on-exec: the program gets a pipe in its place, so that the rig's is the last.
  const stdio = Array.from({ length: keys.slave + 1 }, (_, fd) =>
    fd === 0 ? keys.master : fd < 3 ? 'inherit' : fd === keys.slave ? 'pipe' : 'ignore');
  const program = require('node:child_process').spawn(process.execPath, process.argv.slice(1), { stdio });
  program.on('exit', (code) => process.exit(code ?? 1));
  process.stdin.setRawMode(true);
  process.stdin.once('data', () => require('node:fs').closeSync(keys.slave));
`;

/** The built yahtzee with `args`, its stdin made to fail with EIO by the first key written to the session. */
export function withFailingInput(args: readonly string[], env: Record<string, string>): TerminalSession {
  return new TerminalSession(['-e', RIG, BIN, ...args], { command: process.execPath, env });
}
