import {
  DESIRED_RETENTION,
  FORECAST_DAYS,
  fitScheduler,
  forecastScheduler,
  getScheduler,
  setDesiredRetention,
  EXPORT_MESSAGES,
  FLASHCARD_EXPORT_TYPES,
  flashcardRoutes as f,
  exportFlashcards,
  practiceRoutes as p,
  type LearningLanguage,
  type NewFlashcard,
} from '@verba/contracts';
import { formatPosition, type Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { Changed, FlashcardCommands, ReviewOutcome, SchedulerCommands } from './commands';
import type { SchedulerQueries } from './queries/scheduler';
import type { ForecastInput } from './domain/scheduler-jobs';
import type { UntrustedWork } from '../../platform/untrusted/pool';
import { schedulersProjection } from './projections/schedulers';
import { FLASHCARD_NOT_FOUND } from './decider';
import type { PracticeGames } from './queries/games';
import type { FlashcardQueries } from './queries/flashcards';
import { ankiPackage } from './domain/anki-package';
import { flashcardsCsv, reviewsCsv } from './domain/flashcards-csv';
import { reviewsProjection } from './projections/reviews';
import { flashcardsProjection } from './projections/flashcards';
import { uncertainWordsProjection } from './projections/uncertain-words';

/** What every flashcard and practice read reads: the cards, and the uncertain words a round draws on. */
const reads = [flashcardsProjection, uncertainWordsProjection];

export interface PracticeServices {
  now: () => Date;
  commands: FlashcardCommands;
  queries: FlashcardQueries;
  games: PracticeGames;
  scheduler: { commands: SchedulerCommands; queries: SchedulerQueries };
  /** The worker pool: the forecast of daily reviews runs there (a learner's every card, stepped through 30 days). */
  untrusted: UntrustedWork;
}

const at = (p: Position | undefined) => (p ? { position: formatPosition(p) } : {});
const asChanged = (r: Changed) => ({ changed: r.changed, ...at(r.position) });
const stamp = (iso: string | null) => (iso ? Date.parse(iso) : null);

function asSchedule(o: Omit<ReviewOutcome, 'reviewId'>) {
  const s = o.schedule;
  return {
    id: o.id,
    scheduled: o.scheduled,
    state: s.state,
    dueDateStamp: Date.parse(s.due),
    stability: s.stability,
    difficulty: s.difficulty,
    scheduledDays: s.scheduledDays,
    reps: s.reps,
    lapses: s.lapses,
    lastTimePracticedStamp: stamp(s.lastReview),
  };
}

/**
 * Flashcards of spec §7: every route acts on the caller's own cards; another user's card is "not found".
 * Their analytics (`flashcards/analytics`) answer from the analytics context's read model (contexts/analytics/routes.ts).
 */
export function flashcardRoutes(app: App, host: RouteHost, s: PracticeServices): void {
  registerRoute(
    app,
    host,
    f.listFlashcards,
    async ({ user, query }) => ({
      languageCode: query.languageCode,
      flashcards: await s.queries.list(user.id, query.languageCode, query.status),
    }),
    { reads },
  );

  registerRoute(app, host, f.createFlashcards, async ({ user, body }) => {
    const r = await s.commands.create(user.id, body.languageCode, body.flashcards, body.commandId);
    return { ids: r.ids, ...asChanged(r) };
  });

  // Cards out: a download (an attachment), so a plain link with the session cookie fetches it.
  registerRoute(
    app,
    host,
    exportFlashcards,
    async ({ user, query, reply }) => {
      const cards = await s.queries.list(user.id, query.languageCode);
      if (!cards.length) throw new HttpError(404, EXPORT_MESSAGES.noCards);
      const now = s.now();
      const day = now.toISOString().slice(0, 10);
      const name =
        query.format === 'reviews'
          ? `verba-reviews-${query.languageCode}-${day}.csv`
          : `verba-flashcards-${query.languageCode}-${day}.${query.format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store');
      if (query.format === 'csv') {
        reply.type(FLASHCARD_EXPORT_TYPES.csv);
        return Buffer.from(flashcardsCsv(cards), 'utf8');
      }
      const reviews = await s.queries.reviews(user.id, query.languageCode);
      if (query.format === 'reviews') {
        reply.type(FLASHCARD_EXPORT_TYPES.csv);
        return Buffer.from(reviewsCsv(cards, reviews), 'utf8');
      }
      reply.type(FLASHCARD_EXPORT_TYPES.apkg);
      return Buffer.from(await ankiPackage(cards, query.languageCode, now, reviews));
    },
    { reads: [...reads, reviewsProjection] },
  );

  registerRoute(app, host, f.reviewFlashcards, async ({ user, body }) => {
    const r = await s.commands.review(user.id, body.reviews, body.source, body.commandId);
    return { ...asChanged(r), cards: r.outcomes.map((o) => ({ ...asSchedule(o), reviewId: o.reviewId })), notFound: r.notFound };
  });

  registerRoute(app, host, f.undoReview, async ({ user, body }) => {
    const r = await s.commands.undoReview(user.id, body.id, body.reviewId, body.commandId);
    return { ...asChanged(r), card: asSchedule({ id: body.id, scheduled: true, schedule: r.schedule }) };
  });

  registerRoute(app, host, f.createFlashcard, async ({ user, body }) => {
    const r = await s.commands.create(user.id, body.languageCode, [body.flashcard], body.commandId);
    return { id: r.ids[0]!, ...asChanged(r) };
  });

  registerRoute(app, host, f.editFlashcard, async ({ user, body }) => {
    const { id, commandId, ...edit } = body;
    return asChanged(await s.commands.edit(user.id, id, edit, commandId));
  });

  registerRoute(app, host, f.deleteFlashcard, async ({ user, body }) =>
    asChanged(await s.commands.delete(user.id, body.id, body.commandId)),
  );

  registerRoute(app, host, f.setFlashcardStatus, async ({ user, body }) =>
    asChanged(await s.commands.setStatus(user.id, body.id, body.status, body.commandId)),
  );

  registerRoute(
    app,
    host,
    f.createdFlashcards,
    async ({ user, query }) => {
      const cards = await s.queries.byOrigin(user.id, query.languageCode, query.articleId, 'article');
      return {
        articleId: query.articleId,
        flashcards: cards.map(({ id, sourceValue, targetValue, status }) => ({ id, sourceValue, targetValue, status })),
      };
    },
    { reads },
  );

  registerRoute(
    app,
    host,
    f.chapterFlashcards,
    async ({ user, query }) => ({
      chapterId: query.chapterId,
      flashcards: await s.queries.byOrigin(user.id, query.languageCode, query.chapterId, 'chapter'),
    }),
    { reads },
  );

  registerRoute(app, host, f.createChapterFlashcards, async ({ user, body }) => {
    const cards: NewFlashcard[] = body.flashcards.map((c) => ({
      ...c,
      origin: 'chapter',
      originId: body.chapterId,
      ...(body.chapterName ? { originName: body.chapterName } : {}),
    }));
    const r = await s.commands.create(user.id, body.languageCode, cards, body.commandId);
    return { ids: r.ids, ...asChanged(r) };
  });

  registerRoute(
    app,
    host,
    f.flashcardsOriginStatus,
    async ({ user, query }) => ({ origins: await s.queries.originStatus(user.id, query.languageCode) }),
    { reads },
  );

  registerRoute(app, host, f.flashcardsInfo, async ({ user, query }) => s.queries.info(user.id, query.languageCode), { reads });
}

/** The practice portal's games of spec §7, built from the caller's cards in the asked language. */
export function practiceRoutes(app: App, host: RouteHost, s: PracticeServices): void {
  const ownCard = async (userId: string, cardId: string, language?: LearningLanguage) => {
    const row = await s.queries.one(userId, cardId);
    if (!row || (language && row.language !== language)) throw new HttpError(404, FLASHCARD_NOT_FOUND);
    return row;
  };

  registerRoute(
    app,
    host,
    p.practiceFlashcards,
    async ({ user, query }) => {
      const r = await s.queries.dueFirst(user.id, query.languageCode, query.limit);
      return { dueCount: r.dueCount, flashcards: r.cards };
    },
    { reads },
  );

  registerRoute(app, host, p.matchSentence, async ({ user, query }) => s.games.matchSentence(user.id, query.languageCode), { reads });

  registerRoute(app, host, p.quickQuizList, async ({ user, query }) => s.games.quizList(user.id, query.languageCode), { reads });

  registerRoute(
    app,
    host,
    p.quickQuizOne,
    async ({ user, query }) => {
      const row = query.id ? await ownCard(user.id, query.id, query.languageCode) : undefined;
      const card = row ? { id: row.card_id, sourceValue: row.source_value, targetValue: row.target_value } : undefined;
      return { question: (await s.games.quizOne(user.id, query.languageCode, card)) ?? null };
    },
    { reads },
  );

  registerRoute(app, host, p.quickQuizAnswer, async ({ user, body }) => {
    let correct = body.answerId === body.id;
    if (!correct) {
      // Two cards may share a translation: choosing either is right.
      const [card, answer] = await Promise.all([s.queries.one(user.id, body.id), s.queries.one(user.id, body.answerId)]);
      const norm = (t: string) => t.trim().toLowerCase();
      correct = !!card && !!answer && norm(card.target_value) === norm(answer.target_value);
    }
    const r = await s.commands.review(user.id, [{ id: body.id, rating: correct ? 'good' : 'again' }], 'quick-quiz', body.commandId);
    return { correct, ...at(r.position), card: asSchedule(r.outcomes[0]!) };
  });
}

/** The learner's scheduler (issue 39.4): desired retention, fitting FSRS to their reviews, the forecast. */
export function schedulerRoutes(app: App, host: RouteHost, s: PracticeServices): void {
  const { commands, queries } = s.scheduler;
  registerRoute(app, host, getScheduler, async ({ user }) => queries.scheduler(user.id), {
    reads: [schedulersProjection, reviewsProjection],
  });

  registerRoute(app, host, setDesiredRetention, async ({ user, body }) =>
    at(await commands.setRetention(user.id, body.desiredRetention, body.commandId)),
  );

  registerRoute(app, host, fitScheduler, async ({ user, body }) => {
    const { fit, position } = await commands.fit(user.id, 'learner', body.commandId);
    return { fit, ...at(position) };
  });

  registerRoute(
    app,
    host,
    forecastScheduler,
    async ({ user, query }) => {
      const [learner, cards] = await Promise.all([queries.learnerScheduler(user.id), queries.studiedCards(user.id, query.languageCode)]);
      const desiredRetention = query.desiredRetention ?? learner?.desiredRetention ?? DESIRED_RETENTION.default;
      const input: ForecastInput = {
        cards,
        now: s.now().getTime(),
        learner: { parameters: learner?.parameters ?? null, desiredRetention },
        days: FORECAST_DAYS,
      };
      return { desiredRetention, days: await s.untrusted.run<number[]>('practice.forecast', input) };
    },
    { reads: [flashcardsProjection, schedulersProjection] },
  );
}
