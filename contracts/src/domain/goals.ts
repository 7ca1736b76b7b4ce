import { z } from 'zod';
import { addLocalDays } from './local-days';
import { currentStreak } from './streaks';

/**
 * The learner's daily goal (issue 39.6): one kind of activity and an amount a day. The streak then counts
 * the days (in the learner's time zone) the goal was met; a learner without a goal keeps the streak of days
 * with any activity.
 */
export const DAILY_GOAL_KINDS = ['words', 'minutes', 'reviews', 'pages'] as const;
export type DailyGoalKind = (typeof DAILY_GOAL_KINDS)[number];

export const DAILY_GOAL_MIN = 1;
export const DAILY_GOAL_MAX = 1000;

/** What each kind counts, as the learner reads it ("12 of 20 reviews"). */
export const DAILY_GOAL_UNITS: Record<DailyGoalKind, { label: string; one: string; many: string }> = {
  words: { label: 'Words marked', one: 'word marked', many: 'words marked' },
  minutes: { label: 'Minutes read', one: 'minute read', many: 'minutes read' },
  reviews: { label: 'Reviews', one: 'review', many: 'reviews' },
  pages: { label: 'Pages read', one: 'page read', many: 'pages read' },
};

export const GOAL_MESSAGES = {
  kind: 'Choose what your daily goal counts: words marked, minutes read, reviews or pages read.',
  amount: `Choose a daily goal from ${DAILY_GOAL_MIN} to ${DAILY_GOAL_MAX}.`,
  whole: 'Use a whole number.',
} as const;

export const DailyGoalKindSchema = z.enum(DAILY_GOAL_KINDS, { message: GOAL_MESSAGES.kind });
export const DailyGoalSchema = z.object({
  kind: DailyGoalKindSchema,
  amount: z
    .number({ message: GOAL_MESSAGES.amount })
    .int(GOAL_MESSAGES.whole)
    .min(DAILY_GOAL_MIN, GOAL_MESSAGES.amount)
    .max(DAILY_GOAL_MAX, GOAL_MESSAGES.amount),
});
export type DailyGoal = z.infer<typeof DailyGoalSchema>;

/** One of the learner's own days: what they did that counts toward a goal. */
export interface GoalDay {
  day: string;
  /** Word status changes (marking known, uncertain or new). */
  words: number;
  reviews: number;
  /** Seconds of active reading (the reader's page time). */
  readSeconds: number;
  /** Pages read (see pageCountsAsRead). */
  pages: number;
}

/** How much of `kind` a day holds: minutes are whole minutes of active reading. */
export function goalAmountOf(kind: DailyGoalKind, day: Omit<GoalDay, 'day'> | undefined): number {
  if (!day) return 0;
  switch (kind) {
    case 'words':
      return day.words;
    case 'reviews':
      return day.reviews;
    case 'pages':
      return day.pages;
    case 'minutes':
      return Math.floor(day.readSeconds / 60);
  }
}

export const goalMet = (goal: DailyGoal, day: Omit<GoalDay, 'day'> | undefined): boolean => goalAmountOf(goal.kind, day) >= goal.amount;

/** A day with anything in it (the streak and heatmap of a learner without a goal). */
export const activeDay = (day: Omit<GoalDay, 'day'>): boolean => day.words > 0 || day.reviews > 0 || day.pages > 0 || day.readSeconds > 0;

/** All of a day's activity in one number, for the heatmap of a learner without a goal. */
export const activityAmount = (day: Omit<GoalDay, 'day'> | undefined): number =>
  day ? day.words + day.reviews + day.pages + Math.floor(day.readSeconds / 60) : 0;

/**
 * The streak of days the goal was met, ending today once today's goal is met, else ending yesterday (today
 * is not lost until it is over). `days` are the learner's own days (YYYY-MM-DD in their zone), `today` too.
 */
export function goalStreak(days: readonly GoalDay[], goal: DailyGoal, today: string): number {
  return currentStreak(new Set(days.filter((d) => goalMet(goal, d)).map((d) => d.day)), today);
}

/** Faster than this, a page was turned, not read: its words do not count as read (nor the page). */
export const MAX_READING_WPM = 600;
/** At most this much active time counts for one page report (a tab left open is not reading). */
export const PAGE_SECONDS_MAX = 600;
/** Without a key, a click, a scroll or a touch for this long, the reader is no longer counted as reading. */
export const READING_IDLE_MS = 2 * 60 * 1000;

/** A page counts as read when it has words and the learner spent at least the time reading them at MAX_READING_WPM takes. */
export const pageCountsAsRead = (words: number, seconds: number): boolean => words > 0 && seconds * MAX_READING_WPM >= words * 60;

/** Words a minute over the pages read; null before any time was counted. */
export const wordsPerMinute = (words: number, seconds: number): number | null => (seconds > 0 ? Math.round((words * 60) / seconds) : null);

/** The year heatmap: 53 weeks (Monday first) ending with today's week. */
export const HEATMAP_WEEKS = 53;
export type HeatmapLevel = 0 | 1 | 2 | 3 | 4;

/**
 * A day's level on the heatmap. With a goal: 0 nothing, 1 under half of it, 2 under the goal, 3 met, 4 met
 * twice over. Without one, the day's amount against the busiest day's: quarters of it (any activity is at least 1).
 */
export function heatmapLevel(amount: number, goal: number | null, busiest: number): HeatmapLevel {
  if (amount <= 0) return 0;
  if (goal !== null) return amount >= 2 * goal ? 4 : amount >= goal ? 3 : amount * 2 >= goal ? 2 : 1;
  if (busiest <= 0) return 1;
  return Math.max(1, Math.min(4, Math.ceil((amount / busiest) * 4))) as HeatmapLevel;
}

/** Monday = 0 ... Sunday = 6 of a YYYY-MM-DD day. */
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export interface HeatmapCell {
  day: string;
  amount: number;
  level: HeatmapLevel;
}

/**
 * The heatmap's columns: HEATMAP_WEEKS weeks of 7 days (Monday first), the last holding today; days after
 * today are null. `amountOf` gives a day's amount (the goal's kind, or all activity without a goal).
 */
export function heatmapWeeks(today: string, amountOf: (day: string) => number, goal: number | null): (HeatmapCell | null)[][] {
  const start = addLocalDays(today, -weekdayOf(today) - (HEATMAP_WEEKS - 1) * 7);
  const days = Array.from({ length: HEATMAP_WEEKS * 7 }, (_, i) => addLocalDays(start, i));
  const amounts = new Map(days.filter((d) => d <= today).map((d) => [d, amountOf(d)]));
  const busiest = Math.max(0, ...amounts.values());
  const weeks: (HeatmapCell | null)[][] = [];
  for (let w = 0; w < HEATMAP_WEEKS; w++) {
    weeks.push(
      days.slice(w * 7, w * 7 + 7).map((day) => {
        const amount = amounts.get(day);
        return amount === undefined ? null : { day, amount, level: heatmapLevel(amount, goal, busiest) };
      }),
    );
  }
  return weeks;
}
