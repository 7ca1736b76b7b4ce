const WIDTH = 600;
const HEIGHT = 130;
const TOP = 14;
const BOTTOM = 22;

/** Reviews a day ahead as bars (today first); its name says the total and the daily average. */
export function ForecastChart({ days, retention }: { days: readonly number[]; retention: number }) {
  const max = Math.max(1, ...days);
  const total = days.reduce((s, d) => s + d, 0);
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = `At ${Math.round(retention * 100)}%: ${total} reviews over the next ${days.length} days, about ${Math.round(total / Math.max(1, days.length))} a day.`;
  return (
    <figure className="pr-chart">
      <figcaption className="pr-chart__caption">{summary}</figcaption>
      <svg className="pr-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
        <line className="pr-chart__axis" x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {days.map((reviews, i) => {
          const h = (reviews / max) * plot;
          return (
            <rect key={i} className="pr-chart__bar" x={i * slot + slot * 0.15} width={slot * 0.7} y={HEIGHT - BOTTOM - h} height={h} />
          );
        })}
        <text className="pr-chart__label" x={0} y={HEIGHT - 5}>
          Today
        </text>
        <text className="pr-chart__label" x={WIDTH} y={HEIGHT - 5} textAnchor="end">
          In {days.length} days
        </text>
        <text className="pr-chart__label" x={0} y={TOP - 3}>
          {max}
        </text>
      </svg>
    </figure>
  );
}
