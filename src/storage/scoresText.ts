import { nameColumns, shownName } from '../engine/names.js';
import { getRuleSet, type RuleSetId } from '../engine/rules/index.js';
import type { RuleSummary } from './highScores.js';
import { plural } from '../text/index.js';

/** A rule set's high scores and statistics as text (the scores command, and after a game). */
export function scoresText(id: RuleSetId, s: RuleSummary): string {
  const rules = getRuleSet(id);
  // A score is one person's card: a game of two people adds two.
  // Five alike by the name its box has under these rules: "3 Yatzees" (the Spectrum's), "3 Yahtzees (General)".
  const box = rules.boxes.find((b) => b.scoring.kind === 'yahtzee')?.name ?? 'Yahtzee';
  const yahtzees = /^yah?tzee$/i.test(box) ? plural(s.yahtzees, box) : `${plural(s.yahtzees, 'Yahtzee')} (${box})`;
  const figures = [plural(s.games, 'score'), `average ${s.average.toFixed(1)}`, `best ${s.best ?? '-'}`, yahtzees];
  if (s.upperBonuses !== null) figures.push(`upper bonus in ${s.upperBonuses} of ${s.games} (${s.games > 0 ? Math.round((100 * s.upperBonuses) / s.games) : 0}%)`);
  // Names measured in terminal columns, and shown by the names rule (src/engine/names.ts).
  const names = s.top.map((h) => shownName(h.name));
  const width = Math.max(4, ...names.map(nameColumns));
  const rows = s.top.map((h, i) => `  ${String(i + 1).padStart(2)}. ${names[i] + ' '.repeat(width - nameColumns(names[i]))}  ${String(h.total).padStart(4)}  ${h.date.slice(0, 10)}`);
  // The rule set's title, and its --rules name when the title does not start with it ("official rules", "ZX Spectrum rules (spectrum)").
  const heading = rules.title.startsWith(id) ? rules.title : `${rules.title} (${id})`;
  return [heading, `  ${figures.join(', ')}`, ...rows].join('\n');
}
