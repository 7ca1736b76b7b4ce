import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { DesiredRetentionSet, SchedulerFitted } from '../events';

/** A row of `practice_schedulers`: a learner's scheduler settings and their last fit (absent: defaults at 90%). */
export interface SchedulerRow {
  user_id: string;
  desired_retention: number | null;
  /** The parameters in use: the last fit's when it was adopted, else null (the defaults). */
  parameters: number[] | null;
  fitted_at: Date | null;
  fit_reviews: number | null;
  log_loss: number | null;
  default_log_loss: number | null;
  adopted: boolean | null;
}

/**
 * Each learner's scheduler. A fit that did not predict better than the defaults is shown (its figures) but
 * leaves the parameters in use as they were.
 */
export const schedulersProjection = defineProjection({
  name: 'practice-schedulers',
  version: 1,
  tables: {
    practice_schedulers: {
      key: ['user_id'],
      columns: {
        user_id: 'uuid',
        desired_retention: 'double precision?',
        parameters: 'jsonb?',
        fitted_at: 'timestamptz?',
        fit_reviews: 'integer?',
        log_loss: 'double precision?',
        default_log_loss: 'double precision?',
        adopted: 'boolean?',
      },
    },
  },
  on: [
    when(DesiredRetentionSet, (d) => [upsert('practice_schedulers', { user_id: d.userId, desired_retention: d.desiredRetention })]),
    when(SchedulerFitted, (d) => [
      upsert('practice_schedulers', {
        user_id: d.userId,
        ...(d.adopted ? { parameters: d.parameters } : {}),
        fitted_at: d.at,
        fit_reviews: d.reviews,
        log_loss: d.logLoss,
        default_log_loss: d.defaultLogLoss,
        adopted: d.adopted,
      }),
    ]),
    when(UserDeleted, (d) => [remove('practice_schedulers', { user_id: d.userId })]),
  ],
});
