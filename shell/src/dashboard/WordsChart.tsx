import type { ProgressDay } from '@verba/contracts';

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 12;
const BOTTOM = 24;

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Words marked per day as a small SVG bar chart: the shell's bundle has no charting library (recharts
 * would cost more than the whole page). Screen readers get the summary and a table of the active days.
 */
export function WordsChart({ days }: { days: readonly ProgressDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.words));
  const total = days.reduce((s, d) => s + d.words, 0);
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const active = days.filter((d) => d.words > 0);
  const summary = `Words marked per day over the last ${days.length} days: ${total} in all.`;
  return (
    <figure className="sh-chart">
      <figcaption className="sh-chart__caption">Words per day</figcaption>
      <svg className="sh-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <line className="sh-chart__axis" x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {days.map((d, i) => {
          const h = (d.words / max) * plot;
          return (
            <rect
              key={d.day}
              className="sh-chart__bar"
              x={i * slot + slot * 0.15}
              width={slot * 0.7}
              y={HEIGHT - BOTTOM - h}
              height={h}
              data-day={d.day}
            >
              <title>{`${shortDay(d.day)}: ${d.words} ${d.words === 1 ? 'word' : 'words'}`}</title>
            </rect>
          );
        })}
        <text className="sh-chart__label" x={0} y={HEIGHT - 6}>
          {days[0] ? shortDay(days[0].day) : ''}
        </text>
        <text className="sh-chart__label" x={WIDTH} y={HEIGHT - 6} textAnchor="end">
          Today
        </text>
        <text className="sh-chart__label" x={0} y={TOP - 2}>
          {max}
        </text>
      </svg>
      {total === 0 ? <p className="sh-chart__empty">No words marked in the last {days.length} days yet: mark words as you read.</p> : null}
      {/* Hidden by its wrapper: a table keeps its content's width whatever width it is given. */}
      <div className="sh-visually-hidden">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Words</th>
            </tr>
          </thead>
          <tbody>
            {active.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.words}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
