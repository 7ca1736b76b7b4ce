import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

const commandId = { commandId: CommandIdSchema.optional() };

/** A learner's scheduler (issue 39.4): desired retention, and FSRS parameters fitted on their own reviews. */
export const DESIRED_RETENTION = { min: 0.7, max: 0.97, default: 0.9 } as const;
/** Reviews a fit needs at least, and the new reviews after which it runs again by itself. */
export const FIT_MIN_REVIEWS = 400;
export const FIT_EVERY_REVIEWS = 500;
/** Days the forecast of daily reviews covers. */
export const FORECAST_DAYS = 30;

export const SCHEDULER_MESSAGES = {
  retentionRange: 'Desired retention is between 70% and 97%.',
  tooFewReviews: `Fitting the scheduler to you needs at least ${FIT_MIN_REVIEWS} reviews.`,
  notVariedEnough: 'Your reviews do not yet say enough about your memory to fit the scheduler to you; it keeps what it has for now.',
  unavailable: 'Fitting the scheduler is not available on this server.',
  busy: 'The scheduler is being fitted to your reviews already.',
} as const;

const DesiredRetentionSchema = z
  .number()
  .min(DESIRED_RETENTION.min, SCHEDULER_MESSAGES.retentionRange)
  .max(DESIRED_RETENTION.max, SCHEDULER_MESSAGES.retentionRange);

/** The last fit: on how many reviews, how well each set of parameters predicted the held-out ones, and which is used. */
export const SchedulerFitSchema = z.object({
  at: z.iso.datetime(),
  reviews: z.number().int(),
  /** Log loss on the reviews kept out of the fit (lower predicts better). */
  logLoss: z.number(),
  defaultLogLoss: z.number(),
  /** True when the fitted parameters predicted better and are used; else the defaults stay. */
  adopted: z.boolean(),
});
export type SchedulerFit = z.infer<typeof SchedulerFitSchema>;

export const SchedulerSchema = z.object({
  desiredRetention: z.number(),
  /** The FSRS parameters reviews are scheduled with; null: the defaults. */
  parameters: z.array(z.number()).nullable(),
  fit: SchedulerFitSchema.nullable(),
  /** The learner's reviews that stand (every language), which a fit learns from. */
  reviews: z.number().int(),
  /** The review count at which the next fit runs by itself. */
  nextFitAt: z.number().int(),
});
export type Scheduler = z.infer<typeof SchedulerSchema>;

const written = z.object({ position: PositionSchema.optional() });

export const getScheduler = defineRoute({
  method: 'GET',
  path: '/api/flashcards/scheduler',
  access: 'user',
  summary: "The caller's scheduler: desired retention, the FSRS parameters in use and how the last fit went",
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: SchedulerSchema,
});

export const setDesiredRetention = defineRoute({
  method: 'PUT',
  path: '/api/flashcards/scheduler',
  access: 'user',
  summary: 'Set the probability of recall reviews are scheduled for (0.70-0.97); later reviews use it',
  body: z.object({ desiredRetention: DesiredRetentionSchema, ...commandId }),
  response: written,
  errors: { 400: SCHEDULER_MESSAGES.retentionRange },
});

export const fitScheduler = defineRoute({
  method: 'POST',
  path: '/api/flashcards/scheduler/fit',
  access: 'user',
  summary: "Fit FSRS to the caller's own reviews now (fsrs-rs, on a worker thread); the defaults stay unless the fit predicts better",
  description:
    `Needs at least ${FIT_MIN_REVIEWS} reviews; it also runs by itself every ${FIT_EVERY_REVIEWS} new reviews. ` +
    'A fifth of the cards are kept out of the fit and predicted by both parameter sets; the fitted ones are used only ' +
    'when their log loss there is lower. Answers when the fit is done (seconds).',
  body: z.object(commandId),
  response: written.extend({ fit: SchedulerFitSchema }),
  errors: {
    409: `${SCHEDULER_MESSAGES.tooFewReviews} Or: ${SCHEDULER_MESSAGES.notVariedEnough} Or: ${SCHEDULER_MESSAGES.busy}`,
    503: SCHEDULER_MESSAGES.unavailable,
  },
});

export const forecastScheduler = defineRoute({
  method: 'GET',
  path: '/api/flashcards/scheduler/forecast',
  access: 'user',
  summary: `Reviews a day for the next ${FORECAST_DAYS} days at a desired retention, for the caller's cards in one language`,
  query: z.object({
    languageCode: LearningLanguageSchema,
    desiredRetention: z.coerce.number().pipe(DesiredRetentionSchema).optional(),
    minPosition: PositionSchema.optional(),
  }),
  response: z.object({ desiredRetention: z.number(), days: z.array(z.number().int()) }),
  errors: { 400: SCHEDULER_MESSAGES.retentionRange },
});

export const schedulerRoutes = { getScheduler, setDesiredRetention, fitScheduler, forecastScheduler };
