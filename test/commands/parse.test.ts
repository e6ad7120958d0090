import { describe, expect, it } from 'vitest';
import { distributionLines } from '../../src/commands/distribution.js';
import { UsageError } from '../../src/commands/errors.js';
import { parseCard } from '../../src/commands/parse.js';
import { getRuleSet, possibleScores, RULE_SET_IDS } from '../../src/engine/index.js';

describe('box ids on the command line', () => {
  const official = getRuleSet('official');
  it.each(['smallStraight', 'smallstraight', 'SMALLSTRAIGHT', 'small-straight', 'small_straight', 'Small-Straight'])('%s is Small straight', (id) => {
    expect(parseCard(official, `${id}=30`).boxes).toEqual({ smallStraight: 30 });
  });

  it('the Brazilian ids with or without their accents', () => {
    expect(parseCard(getRuleSet('brazilian'), 'sequência-alta=30,Aleatoria=20').boxes).toEqual({ sequenciaAlta: 30, aleatoria: 20 });
  });

  it('a box by its name as the chart shows it: "yatzee" on the Spectrum\'s card (its id is yahtzee)', () => {
    expect(parseCard(getRuleSet('spectrum'), 'yatzee=50').boxes).toEqual({ yahtzee: 50 });
    expect(parseCard(getRuleSet('brazilian'), 'trinca=20,general=50').boxes).toEqual({ trinca: 20, general: 50 });
    // With its spaces, as the chart writes it, and spaces around "=".
    expect(parseCard(official, 'Three of a kind=20, Small straight = 30').boxes).toEqual({ threeOfAKind: 20, smallStraight: 30 });
  });

  it.each(RULE_SET_IDS)("%s: every box by its name as the chart writes it, digits and apostrophes too (1's, 3 of a kind, Jogada de 1)", (id) => {
    const rules = getRuleSet(id);
    const least = (b: (typeof rules.boxes)[number]) => Math.min(...possibleScores(b.scoring));
    const card = rules.boxes.map((b) => `${b.name}=${least(b)}`).join(', ');
    expect(parseCard(rules, card).boxes).toEqual(Object.fromEntries(rules.boxes.map((b) => [b.id, least(b)])));
  });

  it("the Spectrum's 1's typed without its apostrophe, and a box the rule set lacks refused by name", () => {
    expect(parseCard(getRuleSet('spectrum'), '1s=3').boxes).toEqual({ aces: 3 });
    expect(() => parseCard(getRuleSet('spectrum'), '7s=0')).toThrow(/unknown box "7s" for spectrum/);
  });

  it('one box spelt two ways is still given twice, and an unknown box is still refused', () => {
    expect(() => parseCard(official, 'fives=5,FIVES=10')).toThrow(/box "fives" is given twice/);
    expect(() => parseCard(official, 'small-strait=30')).toThrow(UsageError);
  });
});

describe("solve --distribution's histogram", () => {
  it('runs over the bins with a visible share, not rows of 0.0%', () => {
    // Scores 100 to 139 as likely, and a long thin tail from 200 to 399: the 99.9th percentile is in it, but no 20 points of it come to 0.05%.
    const p = new Float64Array(300);
    for (let i = 0; i < 40; i++) p[i] = 0.998 / 40;
    for (let i = 100; i < 300; i++) p[i] = 0.002 / 200;
    const lines = distributionLines({ lo: 100, p });
    const rows = lines.filter((l) => l.includes(' | '));
    expect(rows.map((l) => l.trim().split(' ')[0])).toEqual(['100-119', '120-139']);
    expect(lines.filter((l) => l.includes('| ') && l.includes(' 0.0%'))).toEqual([]);
  });
});
