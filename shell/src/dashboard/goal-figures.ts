import { DAILY_GOAL_UNITS, activityAmount, goalAmountOf, type DailyGoal, type DashboardFigures } from '@verba/contracts';

/** "12 of 20 reviews": today's amount toward the goal, in its own words. */
export function goalProgressText(goal: DailyGoal, today: DashboardFigures['today']): string {
  const unit = DAILY_GOAL_UNITS[goal.kind];
  return `${goalAmountOf(goal.kind, today).toLocaleString('en')} of ${goal.amount.toLocaleString('en')} ${goal.amount === 1 ? unit.one : unit.many}`;
}

/** A day's amount on the heatmap: the goal's kind with a goal, else all activity. */
export function dayAmounts(figures: DashboardFigures): (day: string) => number {
  const byDay = new Map(figures.year.map((d) => [d.day, d]));
  const { goal } = figures;
  return (day) => (goal ? goalAmountOf(goal.kind, byDay.get(day)) : activityAmount(byDay.get(day)));
}

/** How a cell's amount reads: "12 reviews", or "5 things done" without a goal. */
export function amountText(goal: DailyGoal | null, amount: number): string {
  if (!goal) return `${amount.toLocaleString('en')} ${amount === 1 ? 'thing done' : 'things done'}`;
  const unit = DAILY_GOAL_UNITS[goal.kind];
  return `${amount.toLocaleString('en')} ${amount === 1 ? unit.one : unit.many}`;
}
