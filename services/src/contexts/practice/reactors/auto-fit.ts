import { readEventData } from '../../../platform/decider/events';
import type { Logger } from '../../../platform/logger';
import type { Reactor } from '../../../platform/module';
import type { SchedulerCommands } from '../commands';
import { FlashcardReviewed } from '../events';

/**
 * Fits a learner's scheduler by itself every FIT_EVERY_REVIEWS new reviews (once there are FIT_MIN_REVIEWS).
 * The fit runs in the background on the worker pool, so the follower moves on; a fit lost to a crash or a
 * failure runs at the learner's next review, as the count still says it is due.
 */
export function autoFitReactor(scheduler: SchedulerCommands, log: Logger): Reactor {
  return {
    name: 'practice-auto-fit',
    eventTypes: [FlashcardReviewed.type],
    async react(event) {
      const { userId, scheduled } = readEventData(FlashcardReviewed, event);
      if (!scheduled || scheduler.isFitting(userId) || !(await scheduler.fitDue(userId))) return;
      void scheduler.fit(userId, 'automatic').then(
        ({ fit }) => log.info({ userId, reviews: fit.reviews, adopted: fit.adopted }, 'scheduler fitted to a learner'),
        (err: unknown) => log.warn({ err, userId }, 'automatic scheduler fit failed'),
      );
    },
  };
}
