const WIDTH = 600;
const HEIGHT = 150;
const TOP = 14;
const BOTTOM = 22;

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Reviews per day as a small SVG bar chart (the portal has no charting library; a few rectangles do).
 * Screen readers get the total in the image's name and the practiced days in a table.
 */
export function ReviewsChart({ days }: { days: readonly { day: string; reviews: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.reviews));
  const total = days.reduce((s, d) => s + d.reviews, 0);
  const slot = WIDTH / Math.max(1, days.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = `Reviews per day over the last ${days.length} days: ${total} in all.`;
  return (
    <figure className="pr-chart">
      <figcaption className="pr-chart__caption">Reviews per day</figcaption>
      <svg className="pr-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        <line className="pr-chart__axis" x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {days.map((d, i) => {
          const h = (d.reviews / max) * plot;
          return (
            <rect
              key={d.day}
              className="pr-chart__bar"
              x={i * slot + slot * 0.15}
              width={slot * 0.7}
              y={HEIGHT - BOTTOM - h}
              height={h}
              data-day={d.day}
            >
              <title>{`${shortDay(d.day)}: ${d.reviews} ${d.reviews === 1 ? 'review' : 'reviews'}`}</title>
            </rect>
          );
        })}
        <text className="pr-chart__label" x={0} y={HEIGHT - 5}>
          {days[0] ? shortDay(days[0].day) : ''}
        </text>
        <text className="pr-chart__label" x={WIDTH} y={HEIGHT - 5} textAnchor="end">
          Today
        </text>
        <text className="pr-chart__label" x={0} y={TOP - 3}>
          {max}
        </text>
      </svg>
      <table className="pr-sr-only">
        <caption>{summary}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Reviews</th>
          </tr>
        </thead>
        <tbody>
          {days
            .filter((d) => d.reviews > 0)
            .map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.reviews}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </figure>
  );
}
