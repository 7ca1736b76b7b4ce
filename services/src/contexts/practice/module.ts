import { CardReviewedV1 } from '@verba/contracts/integration';
import { readEventData } from '../../platform/decider/events';
import { FlashcardReviewed } from './events';
import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Module } from '../../platform/module';
import { FlashcardCommands } from './commands';
import { PracticeGames } from './queries/games';
import { uncertainWordsProjection } from './projections/uncertain-words';
import { flashcardsProjection } from './projections/flashcards';
import { FlashcardQueries } from './queries/flashcards';
import { flashcardRoutes, practiceRoutes } from './routes';

export interface PracticeOptions {
  /** The clock of commands and queries; tests replay review histories at chosen times. */
  now?: () => Date;
  /** Shuffles of the games. */
  random?: () => number;
}

/** Flashcards on FSRS and the practice portal's games. */
export function createPracticeModule(options: PracticeOptions = {}): Module {
  const now = options.now ?? (() => new Date());
  return {
    name: 'practice',
    projections: [flashcardsProjection, uncertainWordsProjection],
    integration: {
      // The card's sides are the learner's text: only ids, language and the rating leave.
      [FlashcardReviewed.type]: (recorded) => {
        const { userId, cardId, language, rating, source, at } = readEventData(FlashcardReviewed, recorded);
        return CardReviewedV1.build({ id: recorded.id, occurredAt: at, key: userId, data: { userId, cardId, language, rating, source } });
      },
    },
    routes(app, deps) {
      const services = {
        now,
        commands: new FlashcardCommands(deps.store, now, deps.personalData),
        queries: new FlashcardQueries(deps.db, now),
        games: new PracticeGames(deps.db, options.random),
      };
      const readAfter = readAfterFor(deps.projections, [flashcardsProjection.name, uncertainWordsProjection.name]);
      flashcardRoutes(app, deps.auth, services, readAfter);
      practiceRoutes(app, deps.auth, services, readAfter);
    },
  };
}

export const practiceModule = createPracticeModule();
