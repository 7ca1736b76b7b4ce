import type { Knex } from 'knex';
import { DESIRED_RETENTION, FIT_EVERY_REVIEWS, FIT_MIN_REVIEWS, type LearningLanguage, type Scheduler } from '@verba/contracts';
import type { FsrsSchedule, LearnerScheduler } from '@verba/contracts/fsrs';
import type { FitSource } from '../commands';
import type { FlashcardRow } from '../projections/flashcards';
import type { SchedulerRow } from '../projections/schedulers';

/** A learner's scheduler and the review log it is fitted on; scoped to one user. */
export class SchedulerQueries implements FitSource {
  constructor(private readonly db: Knex) {}

  private row(userId: string): Promise<SchedulerRow | undefined> {
    return this.db<SchedulerRow>('practice_schedulers').where({ user_id: userId }).first();
  }

  /** What reviews are scheduled with: the learner's parameters and retention, or null for the defaults at 90%. */
  async learnerScheduler(userId: string): Promise<LearnerScheduler | null> {
    const row = await this.row(userId);
    if (!row) return null;
    return { parameters: row.parameters, desiredRetention: row.desired_retention ?? DESIRED_RETENTION.default };
  }

  /** Scheduled reviews only: a game's extra repetition left the schedule alone and says nothing of memory. */
  private scheduledReviews(userId: string) {
    return this.db('practice_reviews').where({ user_id: userId, scheduled: true });
  }

  async reviewCount(userId: string): Promise<number> {
    const row = await this.scheduledReviews(userId).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async lastFit(userId: string): Promise<{ reviews: number; at: Date } | null> {
    const row = await this.row(userId);
    return row?.fit_reviews != null && row.fitted_at ? { reviews: row.fit_reviews, at: row.fitted_at } : null;
  }

  /**
   * The fit job's input, packed by PostgreSQL as one JSON text (FitInput.reviews): a learner's tens of thousands
   * of reviews are never parsed row by row on the HTTP thread, which would slow every other request while fits run.
   */
  async reviewsForFit(userId: string): Promise<{ count: number; reviews: string }> {
    const { rows } = (await this.db.raw(
      `select count(*)::int as count,
              coalesce(json_agg(json_build_array(card, at, rating) order by reviewed_at, review_id), '[]')::text as reviews
         from (select dense_rank() over (order by card_id) - 1 as card,
                      (extract(epoch from reviewed_at) * 1000)::bigint as at,
                      reviewed_at,
                      review_id,
                      case rating when 'again' then 1 when 'hard' then 2 when 'good' then 3 when 'easy' then 4 end as rating
                 from practice_reviews
                where user_id = ? and scheduled) r`,
      [userId],
    )) as { rows: { count: number; reviews: string }[] };
    return rows[0] ?? { count: 0, reviews: '[]' };
  }

  async scheduler(userId: string): Promise<Scheduler> {
    const [row, reviews] = await Promise.all([this.row(userId), this.reviewCount(userId)]);
    const last = row?.fit_reviews ?? null;
    return {
      desiredRetention: row?.desired_retention ?? DESIRED_RETENTION.default,
      parameters: row?.parameters ?? null,
      fit:
        row?.fitted_at && row.fit_reviews !== null
          ? {
              at: row.fitted_at.toISOString(),
              reviews: row.fit_reviews,
              logLoss: Number(row.log_loss),
              defaultLogLoss: Number(row.default_log_loss),
              adopted: !!row.adopted,
            }
          : null,
      reviews,
      nextFitAt: last === null ? FIT_MIN_REVIEWS : last + FIT_EVERY_REVIEWS,
    };
  }

  /** The schedules of the learner's studied cards in a language, for the forecast. */
  async studiedCards(userId: string, language: LearningLanguage): Promise<FsrsSchedule[]> {
    const rows: FlashcardRow[] = await this.db<FlashcardRow>('flashcards')
      .where({ user_id: userId, language })
      .whereNot({ state: 'new' })
      .select('due_at', 'stability', 'difficulty', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'state', 'last_review_at');
    return rows.map((r) => ({
      due: r.due_at.toISOString(),
      stability: Number(r.stability),
      difficulty: Number(r.difficulty),
      scheduledDays: r.scheduled_days,
      learningSteps: r.learning_steps,
      reps: r.reps,
      lapses: r.lapses,
      state: r.state as FsrsSchedule['state'],
      lastReview: r.last_review_at ? r.last_review_at.toISOString() : null,
    }));
  }
}
