import { Text, Box } from 'ink';
import { headHasSecondLine, nameHeaders } from '../app/index.js';
import { clip, type ChartCell, type ChartView } from '../view/index.js';
import { padEndTo, padStartTo } from '../text/index.js';
import { memoPlain } from './memo.js';
import { style } from './theme.js';

/** Props of the score chart. */
export interface ChartProps {
  readonly view: ChartView;
  readonly labelWidth: number;
  readonly columnWidth: number;
  /** Width of the cursor column in front of the labels (0 or 1). */
  readonly marker: number;
  readonly color: boolean;
}

/** A cell right-aligned so that the digits line up: a potential score's ")" hangs in the column's last place. */
function cellText(cell: ChartCell, width: number): string {
  if (cell.kind === 'potential') return padStartTo(cell.text.slice(0, -1), width - 1) + ')';
  return padStartTo(cell.text, width - 1) + ' ';
}

/** The score chart: a row per box and sum, a column per player; the current player's column highlighted. */
export const Chart = memoPlain(function Chart({ view, labelWidth, columnWidth, marker, color }: ChartProps) {
  const current = view.seats.findIndex((s) => s.current);
  const names = nameHeaders(view.seats.map((s) => s.name), columnWidth - 1);
  // The head's second line holds the rest of a name too wide for its column, else the CPU tag.
  const second = (i: number) => names[i][1] || (view.seats[i].tag ? 'CPU' : '');
  // The rule the geometry reserves the line by (size.ts).
  const hasSecond = headHasSecondLine(
    view.seats.map((s) => s.name),
    view.seats.some((s) => s.tag),
    columnWidth - 1,
  );
  const head = (text: (i: number) => string) =>
    view.seats.map((s, i) => (
      <Text key={i} {...(i === current ? style('current', color) : {})} inverse={i === current}>
        {padStartTo(clip(text(i), columnWidth - 1), columnWidth - 1)}
      </Text>
    ));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        {' '.repeat(marker + labelWidth + 1)}
        {head((i) => names[i][0]).flatMap((t, i) => [t, <Text key={`s${i}`}> </Text>])}
      </Text>
      {hasSecond && (
        <Text wrap="truncate">
          {' '.repeat(marker + labelWidth + 1)}
          {view.seats.map((_, i) => (
            <Text key={i} {...(names[i][1] !== '' ? {} : style('dim', color))}>
              {padStartTo(second(i), columnWidth - 1) + ' '}
            </Text>
          ))}
        </Text>
      )}
      {view.rows.map((row, r) => {
        const labelRole = row.cursor ? 'cursor' : row.total ? 'total' : row.kind === 'sum' ? 'sum' : null;
        return (
          <Text key={r} wrap="truncate">
            {marker > 0 && <Text {...(row.cursor ? style('current', color) : {})}>{row.cursor ? '▶' : ' '}</Text>}
            <Text {...(labelRole ? style(labelRole, color) : {})}>{padEndTo(row.label, labelWidth)}</Text>
            <Text> </Text>
            {row.cells.map((cell, i) => {
              const role = row.cursor && i === current ? 'cursor' : cell.kind === 'potential' ? 'potential' : cell.kind === 'refused' ? 'dim' : row.total ? 'total' : i === current ? 'current' : cell.kind === 'sum' ? 'sum' : null;
              const column = i === current && color ? { color: 'yellow' } : {};
              return (
                <Text key={i} {...column} {...(role ? style(role, color) : {})}>
                  {cellText(cell, columnWidth)}
                </Text>
              );
            })}
          </Text>
        );
      })}
    </Box>
  );
});
