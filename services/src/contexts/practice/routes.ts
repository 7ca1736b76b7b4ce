import {
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
import { registerRoute, type Authenticator } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { Changed, FlashcardCommands, ReviewOutcome } from './commands';
import { FLASHCARD_NOT_FOUND } from './decider';
import type { PracticeGames } from './queries/games';
import type { FlashcardQueries } from './queries/flashcards';
import { ankiPackage } from './domain/anki-package';
import { flashcardsCsv } from './domain/flashcards-csv';

type ReadAfter = (minPosition: string | undefined) => Promise<void>;

export interface PracticeServices {
  now: () => Date;
  commands: FlashcardCommands;
  queries: FlashcardQueries;
  games: PracticeGames;
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
export function flashcardRoutes(app: App, auth: Authenticator, s: PracticeServices, readAfter: ReadAfter): void {
  registerRoute(app, auth, f.listFlashcards, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { languageCode: query.languageCode, flashcards: await s.queries.list(user.id, query.languageCode, query.status) };
  });

  registerRoute(app, auth, f.createFlashcards, async ({ user, body }) => {
    const r = await s.commands.create(user.id, body.languageCode, body.flashcards, body.commandId);
    return { ids: r.ids, ...asChanged(r) };
  });

  // Cards out: a download (an attachment), so a plain link with the session cookie fetches it.
  registerRoute(app, auth, exportFlashcards, async ({ user, query, reply }) => {
    await readAfter(query.minPosition);
    const cards = await s.queries.list(user.id, query.languageCode);
    if (!cards.length) throw new HttpError(404, EXPORT_MESSAGES.noCards);
    const now = s.now();
    const name = `verba-flashcards-${query.languageCode}-${now.toISOString().slice(0, 10)}.${query.format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store');
    if (query.format === 'csv') {
      reply.type(FLASHCARD_EXPORT_TYPES.csv);
      return Buffer.from(flashcardsCsv(cards), 'utf8');
    }
    reply.type(FLASHCARD_EXPORT_TYPES.apkg);
    return Buffer.from(await ankiPackage(cards, query.languageCode, now));
  });

  registerRoute(app, auth, f.reviewFlashcards, async ({ user, body }) => {
    const r = await s.commands.review(user.id, body.reviews, body.source, body.commandId);
    return { ...asChanged(r), cards: r.outcomes.map((o) => ({ ...asSchedule(o), reviewId: o.reviewId })), notFound: r.notFound };
  });

  registerRoute(app, auth, f.undoReview, async ({ user, body }) => {
    const r = await s.commands.undoReview(user.id, body.id, body.reviewId, body.commandId);
    return { ...asChanged(r), card: asSchedule({ id: body.id, scheduled: true, schedule: r.schedule }) };
  });

  registerRoute(app, auth, f.createFlashcard, async ({ user, body }) => {
    const r = await s.commands.create(user.id, body.languageCode, [body.flashcard], body.commandId);
    return { id: r.ids[0]!, ...asChanged(r) };
  });

  registerRoute(app, auth, f.editFlashcard, async ({ user, body }) =>
    asChanged(await s.commands.edit(user.id, body.id, { sourceValue: body.sourceValue, targetValue: body.targetValue }, body.commandId)),
  );

  registerRoute(app, auth, f.deleteFlashcard, async ({ user, body }) =>
    asChanged(await s.commands.delete(user.id, body.id, body.commandId)),
  );

  registerRoute(app, auth, f.setFlashcardStatus, async ({ user, body }) =>
    asChanged(await s.commands.setStatus(user.id, body.id, body.status, body.commandId)),
  );

  registerRoute(app, auth, f.createdFlashcards, async ({ user, query }) => {
    await readAfter(query.minPosition);
    const cards = await s.queries.byOrigin(user.id, query.languageCode, query.articleId, 'article');
    return {
      articleId: query.articleId,
      flashcards: cards.map(({ id, sourceValue, targetValue, status }) => ({ id, sourceValue, targetValue, status })),
    };
  });

  registerRoute(app, auth, f.chapterFlashcards, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { chapterId: query.chapterId, flashcards: await s.queries.byOrigin(user.id, query.languageCode, query.chapterId, 'chapter') };
  });

  registerRoute(app, auth, f.createChapterFlashcards, async ({ user, body }) => {
    const cards: NewFlashcard[] = body.flashcards.map((c) => ({
      ...c,
      origin: 'chapter',
      originId: body.chapterId,
      ...(body.chapterName ? { originName: body.chapterName } : {}),
    }));
    const r = await s.commands.create(user.id, body.languageCode, cards, body.commandId);
    return { ids: r.ids, ...asChanged(r) };
  });

  registerRoute(app, auth, f.flashcardsOriginStatus, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return { origins: await s.queries.originStatus(user.id, query.languageCode) };
  });

  registerRoute(app, auth, f.flashcardsInfo, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return s.queries.info(user.id, query.languageCode);
  });
}

/** The practice portal's games of spec §7, built from the caller's cards in the asked language. */
export function practiceRoutes(app: App, auth: Authenticator, s: PracticeServices, readAfter: ReadAfter): void {
  const ownCard = async (userId: string, cardId: string, language?: LearningLanguage) => {
    const row = await s.queries.one(userId, cardId);
    if (!row || (language && row.language !== language)) throw new HttpError(404, FLASHCARD_NOT_FOUND);
    return row;
  };

  registerRoute(app, auth, p.practiceFlashcards, async ({ user, query }) => {
    await readAfter(query.minPosition);
    const r = await s.queries.dueFirst(user.id, query.languageCode, query.limit);
    return { dueCount: r.dueCount, flashcards: r.cards };
  });

  registerRoute(app, auth, p.matchSentence, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return s.games.matchSentence(user.id, query.languageCode);
  });

  registerRoute(app, auth, p.quickQuizList, async ({ user, query }) => {
    await readAfter(query.minPosition);
    return s.games.quizList(user.id, query.languageCode);
  });

  registerRoute(app, auth, p.quickQuizOne, async ({ user, query }) => {
    await readAfter(query.minPosition);
    const row = query.id ? await ownCard(user.id, query.id, query.languageCode) : undefined;
    const card = row ? { id: row.card_id, sourceValue: row.source_value, targetValue: row.target_value } : undefined;
    return { question: (await s.games.quizOne(user.id, query.languageCode, card)) ?? null };
  });

  registerRoute(app, auth, p.quickQuizAnswer, async ({ user, body }) => {
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
