import { CardCreatedV1, CardDeletedV1, CardReviewedV3, CardReviewUndoneV1 } from '@verba/contracts/integration';
import { readEventData } from '../../platform/decider/events';
import { FlashcardCreated, FlashcardDeleted, FlashcardReviewed, FlashcardReviewUndone } from './events';
import type { Module } from '../../platform/module';
import { perRuntime } from '../../platform/per-runtime';
import { FlashcardCommands, SchedulerCommands } from './commands';
import { autoFitReactor } from './reactors/auto-fit';
import { schedulersProjection } from './projections/schedulers';
import { SchedulerQueries } from './queries/scheduler';
import { PracticeGames } from './queries/games';
import { uncertainWordsProjection } from './projections/uncertain-words';
import { flashcardsProjection } from './projections/flashcards';
import { reviewsProjection } from './projections/reviews';
import { FlashcardQueries } from './queries/flashcards';
import { flashcardRoutes, practiceRoutes, schedulerRoutes } from './routes';
import { DueWordQueries } from './queries/due-words';
import { dueWords } from '@verba/contracts';
import { registerRoute } from '../../platform/http/routes';

export interface PracticeOptions {
  /** The clock of commands and queries; tests replay review histories at chosen times. */
  now?: () => Date;
  /** Shuffles of the games. */
  random?: () => number;
}

/** Flashcards on FSRS and the practice portal's games. */
export function createPracticeModule(options: PracticeOptions = {}): Module {
  const now = options.now ?? (() => new Date());
  // One instance for the routes and the auto-fit reactor: it holds who is being fitted, so a learner's own
  // fit and an automatic one never run side by side in a process.
  const scheduler = perRuntime((deps) => new SchedulerCommands(deps.store, now, deps.untrusted, new SchedulerQueries(deps.db), deps.log));
  return {
    name: 'practice',
    projections: [flashcardsProjection, reviewsProjection, schedulersProjection, uncertainWordsProjection],
    integration: {
      // The card's sides are the learner's text: only ids, language, the rating and where the schedule stands leave.
      [FlashcardReviewed.type]: (recorded) => {
        const { userId, cardId, language, rating, source, scheduled, after, at } = readEventData(FlashcardReviewed, recorded);
        const data = { userId, cardId, language, rating, source, scheduled, state: after.state, reps: after.reps, lapses: after.lapses };
        return CardReviewedV3.build({ id: recorded.id, occurredAt: at, key: userId, data });
      },
      [FlashcardReviewUndone.type]: (recorded) => {
        const { userId, cardId, language, reviewedAt, restored, at } = readEventData(FlashcardReviewUndone, recorded);
        const data = { userId, cardId, language, reviewedAt, state: restored.state, reps: restored.reps, lapses: restored.lapses };
        return CardReviewUndoneV1.build({ id: recorded.id, occurredAt: at, key: userId, data });
      },
      [FlashcardCreated.type]: (recorded) => {
        const { userId, cardId, language, at } = readEventData(FlashcardCreated, recorded);
        return CardCreatedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, cardId, language } });
      },
      [FlashcardDeleted.type]: (recorded) => {
        const { userId, cardId, at } = readEventData(FlashcardDeleted, recorded);
        return CardDeletedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, cardId } });
      },
    },
    reactors(deps) {
      return [autoFitReactor(scheduler.of(deps), deps.log)];
    },
    routes(app, deps) {
      const queries = new FlashcardQueries(deps.db, now, deps.timeZones);
      const schedulers = new SchedulerQueries(deps.db);
      const services = {
        now,
        commands: new FlashcardCommands(
          deps.store,
          now,
          deps.personalData,
          (userId, language, key) => queries.cardOfWord(userId, language, key),
          (userId) => schedulers.learnerScheduler(userId),
          (userId) => deps.timeZones.timeZoneOf(userId),
        ),
        queries,
        games: new PracticeGames(deps.db, options.random),
        scheduler: { commands: scheduler.of(deps), queries: schedulers },
        untrusted: deps.untrusted,
      };
      flashcardRoutes(app, deps, services);
      practiceRoutes(app, deps, services);
      schedulerRoutes(app, deps, services);
      // Review in the text (issue 39.3): the cards the reader underlines; "I knew it here" is a review (source 'reader').
      const due = new DueWordQueries(deps.db, now, deps.timeZones);
      registerRoute(app, deps, dueWords, async ({ user, query }) => due.dueWords(user.id, query.languageCode), {
        reads: [flashcardsProjection, reviewsProjection],
      });
    },
  };
}

export const practiceModule = createPracticeModule();
