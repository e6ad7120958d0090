import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TerminalSession } from './terminal.js';

/** OpenSSH's options for a table on a fresh port with a fresh key: no known_hosts asked or written, errors only. */
export const SSH_OPTIONS = ['-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', '-o', 'LogLevel=ERROR', '-o', 'PubkeyAuthentication=no', '-o', 'NumberOfPasswordPrompts=1'];

/**
 * A program that answers OpenSSH's password prompt with the join code in YAHTZEE_TEST_CODE (SSH_ASKPASS, forced by
 * SSH_ASKPASS_REQUIRE=force): no package such as sshpass is needed. Written in `folder`; returns its path.
 */
export function askpass(folder: string): string {
  const file = join(folder, 'askpass.sh');
  writeFileSync(file, '#!/bin/sh\nprintf \'%s\\n\' "$YAHTZEE_TEST_CODE"\n');
  chmodSync(file, 0o755);
  return file;
}

/** `yahtzee host` on 127.0.0.1 and a free port, in a pseudo-terminal; returns the session and the port it listens on. */
export async function startHost(args: readonly string[], home: string): Promise<{ host: TerminalSession; port: number }> {
  const host = new TerminalSession(['host', '--port', '0', ...args], { env: { YAHTZEE_HOME: home } });
  const screen = await host.waitFor(/port \d+/, 20000);
  const port = Number(/port (\d+)/.exec(screen)?.[1]);
  return { host, port };
}

/** A friend's OpenSSH client joining as `name` with `code`, in a pseudo-terminal of its own (`extra`: a layout word). */
export function joinTable(port: number, name: string, code: string, folder: string, extra: readonly string[] = [], opts: { cols?: number; rows?: number } = {}): TerminalSession {
  return new TerminalSession(['-t', ...SSH_OPTIONS, '-p', String(port), `${name}@127.0.0.1`, ...extra], {
    ...opts,
    command: 'ssh',
    env: { SSH_ASKPASS: askpass(folder), SSH_ASKPASS_REQUIRE: 'force', YAHTZEE_TEST_CODE: code, DISPLAY: '' },
  });
}
