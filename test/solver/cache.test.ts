import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CARD } from '../../src/engine/index.js';
import { cacheDir, cacheFile, forgetTables, loadOrSolveReport, turnStartValue } from '../../src/solver/index.js';
import { decodeTable, encodeTable, readCachedTable } from '../../src/solver/strategy/cache.js';
import { ruleTables } from '../../src/solver/strategy/ruleTables.js';
import { tempDir } from './helpers.js';

// The Brazilian table is the small one (8,192 states): quick to recompute for each way a file can go bad.
const RULES = 'brazilian';
const env = { XDG_CACHE_HOME: tempDir('cache') };
const file = cacheFile(RULES, env);

async function load() {
  forgetTables();
  return loadOrSolveReport(RULES, { env, threads: 1 });
}

let good: Buffer;
let value: number;

afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

beforeAll(async () => {
  const first = await load();
  expect([first.source, first.reason, first.saved]).toEqual(['computed', 'missing', true]);
  good = readFileSync(file);
  value = turnStartValue(first.table, EMPTY_CARD);
});

describe('the strategy table cache', () => {
  it('lives in $YAHTZEE_HOME/cache, else $XDG_CACHE_HOME/yahtzee (an absolute path only), else the platform cache folder', () => {
    expect(cacheDir({ XDG_CACHE_HOME: '/x/cache' })).toBe(join('/x/cache', 'yahtzee'));
    expect(cacheDir({ YAHTZEE_HOME: '/y', XDG_CACHE_HOME: '/x/cache' })).toBe(join('/y', 'cache'));
    const fallback = cacheDir({ XDG_CACHE_HOME: 'relative/cache' });
    expect(fallback.startsWith('relative')).toBe(false);
    expect(fallback.endsWith('yahtzee')).toBe(true);
    expect(file).toBe(join(env.XDG_CACHE_HOME, 'yahtzee', 'strategy-brazilian.bin'));
  });

  it('a good file is loaded, not recomputed, and gives the same values', async () => {
    const again = await load();
    expect(again.source).toBe('cache');
    expect(turnStartValue(again.table, EMPTY_CARD)).toBe(value);
  });

  const flipped = () => {
    const b = Buffer.from(good);
    b[b.length - 100] ^= 1;
    return b;
  };
  const otherRulesHash = () => Buffer.from(good.toString('latin1').replace(/"rulesHash":"[0-9a-f]/, '"rulesHash":"X'), 'latin1');

  const bad: [string, () => Buffer, 'corrupt' | 'stale'][] = [
    ['a flipped bit in the payload is corrupt', flipped, 'corrupt'],
    ['a file cut short is corrupt', () => good.subarray(0, good.length - 8), 'corrupt'],
    ['random bytes are corrupt', () => Buffer.from('not a strategy table at all\n'), 'corrupt'],
    ['a header for another version of the rules is stale', otherRulesHash, 'stale'],
    ['an older file format is stale', () => Buffer.from(good.toString('latin1').replace('"format":1', '"format":0'), 'latin1'), 'stale'],
    ['the table of another rule set under this name is stale', () => encodeTable(ruleTables('spectrum'), new Float64Array(8)), 'stale'],
    ['a header line with no end is corrupt', () => Buffer.from(good.toString('latin1').replace('\n', ' '), 'latin1'), 'corrupt'],
  ];

  it.each(bad)('bytes: %s', (_, bytes, reason) => {
    expect(decodeTable(ruleTables(RULES), bytes())).toBe(reason);
  });

  // (A file the size of no table of these rules is refused by its size, before a byte is read: corrupt.)
  it.each(bad.filter(([name]) => !name.includes('another rule set')))('read from its file: %s', (_, bytes, reason) => {
    const other = join(env.XDG_CACHE_HOME, 'bad.bin');
    writeFileSync(other, bytes());
    expect(readCachedTable(ruleTables(RULES), other)).toBe(reason);
  });

  it.each<[string, () => Buffer, 'corrupt' | 'stale']>([
    ['a corrupt file', flipped, 'corrupt'],
    ['a stale file', otherRulesHash, 'stale'],
  ])('%s is never trusted: the table is recomputed and the file rewritten', async (_, bad, reason) => {
    writeFileSync(file, bad());
    const report = await load();
    expect([report.source, report.reason, report.saved]).toEqual(['computed', reason, true]);
    expect(turnStartValue(report.table, EMPTY_CARD)).toBe(value);
    expect(readFileSync(file).equals(good)).toBe(true);
  });
});
