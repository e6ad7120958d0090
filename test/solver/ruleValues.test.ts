import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { instructionLines } from '../../src/app/instructions.js';
import { EMPTY_CARD, RULE_SET_IDS, RULE_SET_VALUES, getRuleSet, ruleSetValueText } from '../../src/engine/index.js';
import { LAYOUTS } from '../../src/app/keymaps/index.js';
import { loadOrSolve, turnStartValue } from '../../src/solver/index.js';
import { tempDir } from './helpers.js';

// The tables in a cache of this file's own: the shared test cache stays without them, as the advise test of a late
// card with no cached table expects whichever file runs first.
const env = { XDG_CACHE_HOME: tempDir('rule-values') };
afterAll(() => rmSync(env.XDG_CACHE_HOME, { recursive: true, force: true }));

describe("each rule set's value under optimal play (src/engine/rules/values.ts)", () => {
  it.each(RULE_SET_IDS.map((id) => ({ id, value: RULE_SET_VALUES[id].value })))('$id: $value is what the solver gives for a fresh game', async ({ id, value }) => {
    const table = await loadOrSolve(id, { env });
    expect(turnStartValue(table, EMPTY_CARD).toFixed(2)).toBe(value.toFixed(2));
  }, 120_000);

  it('the published figures: official 254.59, free-joker 254.71, spectrum 245.87, brazilian 215.22', () => {
    expect(Object.fromEntries(RULE_SET_IDS.map((id) => [id, RULE_SET_VALUES[id].value]))).toEqual({ official: 254.59, 'free-joker': 254.71, spectrum: 245.87, brazilian: 215.22 });
  });

  it('--help (the built CLI) lists every rule set with its value and what makes the difference', () => {
    const help = execFileSync(process.execPath, [fileURLToPath(new URL('../../bin/yahtzee.js', import.meta.url)), '--help'], { encoding: 'utf8' });
    for (const id of RULE_SET_IDS) expect(help).toMatch(new RegExp(`\\n  ${id} +${RULE_SET_VALUES[id].value.toFixed(2)}  ${RULE_SET_VALUES[id].why.replace(/[()]/g, '\\$&')}\\n`));
  });

  it.each(RULE_SET_IDS)('the instructions page of the %s rules says what they are worth', (id) => {
    const text = instructionLines(getRuleSet(id), LAYOUTS.msx, 200).map((l) => l.text).join('\n');
    expect(text).toContain(`Worth ${ruleSetValueText(id)}.`);
  });
});
