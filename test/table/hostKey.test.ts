import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_KEY_FILE, loadHostKey, newKey } from '../../src/table/hostKey.js';
import { readAuthorizedKeys } from '../../src/table/server.js';

/** A key as ssh2 1.17 writes one in about 256: its public key's leading zero byte left out, so it does not read back. */
const MALFORMED = `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMgAAAAtz
c2gtZWQyNTUxOQAAAB+40esbCl4oTfhBmEQ68t58PWo8ajkEvpulAac8m9y1AAAA
kH4iIq1+IiKtAAAAC3NzaC1lZDI1NTE5AAAAH7jR6xsKXihN+EGYRDry3nw9ajxq
OQS+m6UBpzyb3LUAAAA/qELxUjpNncQZkGG17n7pP8aFL4sOHczSsQ1IiB1N68y4
0esbCl4oTfhBmEQ68t58PWo8ajkEvpulAac8m9y1AAAADHlhaHR6ZWUgaG9zdAEC
Aw==
-----END OPENSSH PRIVATE KEY-----
`;

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});
function folder(): string {
  const f = mkdtempSync(join(tmpdir(), 'yahtzee-hostkey-'));
  folders.push(f);
  return f;
}

describe('the host key', () => {
  it('is made on the first run, readable by its owner only, and the same on the next run; its fingerprint is the one ssh-keygen prints', () => {
    const dir = join(folder(), 'data');
    const first = loadHostKey(dir);
    expect(first.made).toBe(true);
    expect(statSync(join(dir, HOST_KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = loadHostKey(dir);
    expect(again.made).toBe(false);
    expect(again.fingerprint).toBe(first.fingerprint);
    const keygen = execFileSync('ssh-keygen', ['-lf', join(dir, HOST_KEY_FILE)], { encoding: 'utf8' });
    expect(keygen.split(' ')[1]).toBe(first.fingerprint);
  });

  it('a key ssh2 wrote wrong is made again', () => {
    const made: string[] = [];
    const key = newKey(() => {
      const next = made.length === 0 ? MALFORMED : loadHostKey(folder()).privateKey;
      made.push(next);
      return next;
    });
    expect(made.length).toBe(2);
    expect(key).toBe(made[1]);
  });

  it('a key other users can read or write is refused, as OpenSSH refuses it, and left as it is', () => {
    const dir = join(folder(), 'data');
    const made = loadHostKey(dir);
    for (const mode of [0o644, 0o620, 0o666]) {
      chmodSync(made.file, mode);
      expect(() => loadHostKey(dir)).toThrow(`${made.file} can be read or written by other users (mode 0${mode.toString(8)}): chmod 600 it, or move it away to have a new one made`);
    }
    chmodSync(made.file, 0o400);
    expect(loadHostKey(dir).fingerprint).toBe(made.fingerprint);
  });

  it('a file there that is no key is an error naming it, and is left as it is', () => {
    const dir = folder();
    writeFileSync(join(dir, HOST_KEY_FILE), 'not a key');
    expect(() => loadHostKey(dir)).toThrow(/host_ed25519 cannot be read/);
  });

  it('a FIFO, a device or a huge file there is an error at once, never read without end', () => {
    const fifo = folder();
    execFileSync('mkfifo', [join(fifo, HOST_KEY_FILE)]);
    expect(() => loadHostKey(fifo)).toThrow(/host_ed25519 cannot be read \(it is a FIFO/);
    const device = folder();
    symlinkSync('/dev/zero', join(device, HOST_KEY_FILE));
    expect(() => loadHostKey(device)).toThrow(/host_ed25519 cannot be read \(it is a device/);
    const huge = folder();
    writeFileSync(join(huge, HOST_KEY_FILE), 'x'.repeat(2 * 1024 * 1024));
    expect(() => loadHostKey(huge)).toThrow(/too large/);
  });
});

describe('the authorized keys file', () => {
  it('missing, a FIFO, a device or a huge file: an error naming it at once, never read without end', () => {
    const dir = folder();
    expect(() => readAuthorizedKeys(join(dir, 'none'))).toThrow(/none: no such file$/);
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect(() => readAuthorizedKeys(join(dir, 'fifo'))).toThrow(/fifo: it is a FIFO/);
    expect(() => readAuthorizedKeys('/dev/zero')).toThrow(/zero: it is a device/);
    writeFileSync(join(dir, 'huge'), '#'.repeat(2 * 1024 * 1024));
    expect(() => readAuthorizedKeys(join(dir, 'huge'))).toThrow(/too large/);
  });

  it('reads the keys ssh-keygen makes, options and comments passed over', () => {
    const dir = folder();
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'k')]);
    const line = readFileSync(join(dir, 'k.pub'), 'utf8').trim();
    writeFileSync(join(dir, 'keys'), `# friends\n\nfrom="127.0.0.1" ${line}\n`);
    expect(readAuthorizedKeys(join(dir, 'keys')).map((k) => k.type)).toEqual(['ssh-ed25519']);
  });
});
