import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import { DailyGoalSchema, HEATMAP_WEEKS } from '../domain/goals';
import { PositionSchema, defineRoute } from './route';

/** The learner's own figures on the dashboard (issue 18 scope 6), from the analytics read model. */

export const PROGRESS_DAYS = 30;

export const ProgressDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.iso.date(),
  /** Word status changes that day (marking known, uncertain or new). */
  words: z.number().int(),
  reads: z.number().int(),
  reviews: z.number().int(),
  /** Seconds. */
  seconds: z.number().int(),
});
export type ProgressDay = z.infer<typeof ProgressDaySchema>;

/** A learner's own day with what counts toward a daily goal (contracts' GoalDay). */
export const GoalDaySchema = z.object({
  day: z.iso.date(),
  words: z.number().int(),
  reviews: z.number().int(),
  /** Seconds of active reading in the reader. */
  readSeconds: z.number().int(),
  pages: z.number().int(),
});

/** The heatmap's span: the days of HEATMAP_WEEKS weeks (at most this many days are sent). */
export const YEAR_DAYS = HEATMAP_WEEKS * 7;

export const DashboardFiguresSchema = z.object({
  languageCode: LearningLanguageSchema,
  wordsKnown: z.number().int(),
  wordsUncertain: z.number().int(),
  /** Word families (a base word and its forms) with a Known form; wordsKnown and wordsUncertain count forms (issue 38.2). */
  familiesKnown: z.number().int(),
  /** Families with an Uncertain form and none Known. */
  familiesUncertain: z.number().int(),
  /** Spec §4's thresholds applied to Known + Uncertain families (contracts' familyLevelHint). */
  levelHint: LevelSchema,
  /** Known + Uncertain families needed for the next level; null at C2. */
  nextLevelAt: z.number().int().nullable(),
  /**
   * Consecutive days (the learner's own) on which the daily goal was met, ending today once it is met, else
   * yesterday; without a goal, days with any activity in the language.
   */
  streak: z.number().int(),
  activeToday: z.boolean(),
  /** Seconds, all time, in the language. */
  timeSpent: z.number().int(),
  /** The last PROGRESS_DAYS days, oldest first, today last; days without activity have zeros. */
  days: z.array(ProgressDaySchema),
  /** The learner's daily goal (profile settings); null when they set none. */
  goal: DailyGoalSchema.nullable().default(null),
  /** Today's amounts toward any goal (the learner's today). */
  today: GoalDaySchema.omit({ day: true }).default({ words: 0, reviews: 0, readSeconds: 0, pages: 0 }),
  /** Today's goal is met (false without a goal). */
  goalMet: z.boolean().default(false),
  /** Words on the pages the learner read in the language, all time (a page turned faster than one can read counts none). */
  wordsRead: z.number().int().default(0),
  /** Days with activity over the last YEAR_DAYS days (the heatmap), oldest first; days without any are left out. */
  year: z.array(GoalDaySchema).default([]),
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

export const dashboardFigures = defineRoute({
  method: 'GET',
  path: '/api/analytics/progress',
  access: 'user',
  summary: `The caller's words known, level hint, streak, time spent and the last ${PROGRESS_DAYS} days in one language`,
  description: 'Answered from the analytics read model (projected from the public integration events).',
  query: z.object({ languageCode: LearningLanguageSchema, minPosition: PositionSchema.optional() }),
  response: DashboardFiguresSchema,
});

export const TextReadingSchema = z.object({
  articleId: z.uuid(),
  /** Words on the pages read (pages turned faster than MAX_READING_WPM count none). */
  wordsRead: z.number().int(),
  pagesRead: z.number().int(),
  /** Seconds of active reading on those pages. */
  seconds: z.number().int(),
  /** Words a minute on the pages read; null before any page was read. */
  wordsPerMinute: z.number().int().nullable(),
});
export type TextReading = z.infer<typeof TextReadingSchema>;

export const textReading = defineRoute({
  method: 'GET',
  path: '/api/analytics/reading',
  access: 'user',
  summary: "The caller's words read and reading speed (words a minute) in one text",
  description: "Answered from the analytics read model: the caller's own page times (zeros for a text they never read).",
  query: z.object({ articleId: z.uuid(), minPosition: PositionSchema.optional() }),
  response: TextReadingSchema,
});
