import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ssh2 from 'ssh2';
import { readTextFile } from '../storage/files.js';

/** The host key's file in the data folder: made on the first `yahtzee host`, kept so that friends see the same key. */
export const HOST_KEY_FILE = 'host_ed25519';

/** The table's host key: the private key in OpenSSH's format (for the server) and its SHA256 fingerprint. */
export interface HostKey {
  readonly privateKey: string;
  readonly fingerprint: string;
  /** True when this run made it (first run). */
  readonly made: boolean;
  readonly file: string;
}

/** The fingerprint of a public key as OpenSSH prints it: SHA256:, then the base64 of its hash without padding. */
export function fingerprintOf(privateKey: string): string {
  const parsed = ssh2.utils.parseKey(privateKey);
  if (parsed instanceof Error) throw parsed;
  const hash = createHash('sha256').update(parsed.getPublicSSH()).digest('base64');
  return `SHA256:${hash.replace(/=+$/, '')}`;
}

/**
 * A new ed25519 key in OpenSSH's format. ssh2 (1.17) writes a public key whose first byte is 0 without that byte
 * (about one key in 256), and such a key does not read back: it is made again until it does.
 */
export function newKey(generate: () => string = () => ssh2.utils.generateKeyPairSync('ed25519', { comment: 'yahtzee host' }).private): string {
  for (let tries = 0; tries < 100; tries++) {
    const key = generate();
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key;
  }
  throw new Error('ssh2 made 100 ed25519 keys in a row that do not read back');
}

/**
 * The host key in `folder`: read when there, else made (ed25519) and written readable by its owner only (0600). A file
 * there that is no key is an error with its path: it is never replaced, since a key friends know must not change
 * silently.
 */
export function loadHostKey(folder: string): HostKey {
  const file = path.join(folder, HOST_KEY_FILE);
  // A FIFO, a device or a huge file there is an error, never read without end.
  const read = readTextFile(file);
  if (read.kind === 'unreadable') throw new Error(`${file} cannot be read (${read.error}); move it away to have a new one made`);
  if (read.kind === 'text') {
    const text = read.text;
    const parsed = ssh2.utils.parseKey(text);
    if (parsed instanceof Error) throw new Error(`${file} cannot be read (${parsed.message}); move it away to have a new one made`);
    // As OpenSSH does: a private key others can read or write lets them pass for this table.
    const mode = statSync(file).mode & 0o777;
    if ((mode & 0o077) !== 0) throw new Error(`${file} can be read or written by other users (mode ${mode.toString(8).padStart(4, '0')}): chmod 600 it, or move it away to have a new one made`);
    return { privateKey: text, fingerprint: fingerprintOf(text), made: false, file };
  }
  const made = newKey();
  mkdirSync(folder, { recursive: true });
  // 'wx': another host starting at the same moment does not have its key overwritten.
  writeFileSync(file, made, { mode: 0o600, flag: 'wx' });
  return { privateKey: made, fingerprint: fingerprintOf(made), made: true, file };
}
