import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
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
  /** Consecutive UTC days with any activity in the language, ending today, or yesterday when not yet active today. */
  streak: z.number().int(),
  activeToday: z.boolean(),
  /** Seconds, all time, in the language. */
  timeSpent: z.number().int(),
  /** The last PROGRESS_DAYS days, oldest first, today last; days without activity have zeros. */
  days: z.array(ProgressDaySchema),
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
