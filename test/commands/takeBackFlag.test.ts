import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parsePlayFlags } from '../../src/commands/playOptions.js';
import { BIN } from '../e2e/terminal.js';

describe('--take-back / --no-take-back', () => {
  it('--take-back turns it on, --no-take-back off; neither: as remembered (no field)', () => {
    expect(parsePlayFlags({ takeBack: true }).takeBack).toBe(true);
    expect(parsePlayFlags({ takeBack: false }).takeBack).toBe(false);
    expect('takeBack' in parsePlayFlags({})).toBe(false);
  });

  it('--help shows it with one line (built binary)', () => {
    const r = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/--take-back +take back a box just scored \(remembered\)/);
    expect(r.stdout).toMatch(/--no-take-back +no taking back, as on the originals \(remembered\)/);
  });
});
