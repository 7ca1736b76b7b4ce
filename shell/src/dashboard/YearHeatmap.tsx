import { HEATMAP_WEEKS, heatmapWeeks, type DashboardFigures } from '@verba/contracts';
import { amountText, dayAmounts } from './goal-figures';

const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The learner's year as a grid of days (HEATMAP_WEEKS columns of weeks, Monday on top): a cell's shade is its
 * level (contracts' heatmapLevel: the share of the goal, or of the busiest day without one). CSS grid, no chart
 * library. Each cell names its day and amount; screen readers get the summary first.
 */
export function YearHeatmap({ figures, today }: { figures: DashboardFigures; today: string }) {
  const { goal } = figures;
  const weeks = heatmapWeeks(today, dayAmounts(figures), goal?.amount ?? null);
  const cells = weeks.flat().filter((c) => c !== null);
  const active = cells.filter((c) => c.amount > 0).length;
  const met = goal ? cells.filter((c) => c.amount >= goal.amount).length : 0;
  const summary = goal
    ? `Over the last ${HEATMAP_WEEKS} weeks: active on ${active} ${active === 1 ? 'day' : 'days'}, daily goal met on ${met}.`
    : `Over the last ${HEATMAP_WEEKS} weeks: active on ${active} ${active === 1 ? 'day' : 'days'}.`;
  return (
    <figure className="sh-heatmap">
      <figcaption className="sh-chart__caption">Your year</figcaption>
      <p className="sh-heatmap__summary">{summary}</p>
      <div className="sh-heatmap__grid" role="group" aria-label={`Activity by day, ${HEATMAP_WEEKS} weeks`}>
        {weeks.flatMap((week, w) =>
          week.map((cell, d) => {
            if (!cell) return <span key={`${w}-${d}`} className="sh-heatmap__cell sh-heatmap__cell--none" aria-hidden="true" />;
            const label = `${longDay(cell.day)}: ${amountText(goal, cell.amount)}`;
            return (
              <span
                key={cell.day}
                role="img"
                className={`sh-heatmap__cell sh-heatmap__cell--${cell.level}`}
                aria-label={label}
                title={label}
                data-day={cell.day}
                data-level={cell.level}
              />
            );
          }),
        )}
      </div>
      <p className="sh-heatmap__legend" aria-hidden="true">
        Less <span className="sh-heatmap__cell sh-heatmap__cell--0" />
        <span className="sh-heatmap__cell sh-heatmap__cell--1" />
        <span className="sh-heatmap__cell sh-heatmap__cell--2" />
        <span className="sh-heatmap__cell sh-heatmap__cell--3" />
        <span className="sh-heatmap__cell sh-heatmap__cell--4" /> More
      </p>
    </figure>
  );
}
