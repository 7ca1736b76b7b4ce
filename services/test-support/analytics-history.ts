import type { NewEvent, RecordedEvent } from '../src/platform/event-store/port';

/**
 * A learner history written as the domain events the contexts append (one of each public fact), for
 * analytics tests: as recorded events for a projection, or as appends for a real store.
 */
export const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const fsrs = (at: string) => ({
  due: at,
  stability: 1,
  difficulty: 5,
  scheduledDays: 1,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: null,
});
/** Where a card's schedule stands after a review (the FSRS fields analytics reads). */
export type ScheduleAfter = Partial<{ state: 'new' | 'learning' | 'review' | 'relearning'; reps: number; lapses: number }>;

export const SUBSCRIPTION_KINDS = ['Started', 'Renewed', 'PaymentFailed', 'CancelledAtPeriodEnd', 'Changed', 'Ended'] as const;

export class History {
  readonly appends: { streamId: string; event: NewEvent }[] = [];
  private n = 0;

  private add(streamId: string, type: string, data: Record<string, unknown>): this {
    this.appends.push({ streamId, event: { id: uuidOf(0x1000000 + ++this.n), type, version: 1, data } });
    return this;
  }

  registered(userId: string, at: string, provider = 'password') {
    return this.add(`identity-user-${userId}`, 'identity.UserRegistered', {
      userId,
      emailHash: 'h',
      email: 'v1.sealed',
      name: 'v1.sealed',
      passwordHash: 'v1.sealed',
      provider,
      at,
    });
  }
  onboarded(userId: string, language: string, at: string) {
    return this.add(`identity-user-${userId}`, 'identity.OnboardingCompleted', { language, level: 'A1', at });
  }
  switchedTo(userId: string, language: string, at: string) {
    return this.add(`identity-user-${userId}`, 'identity.ProfileUpdated', { name: 'v1.sealed', currentLearningLanguage: language, at });
  }
  time(userId: string, language: string, seconds: number, at: string) {
    return this.add(`identity-activity-${userId}-${at.slice(0, 10)}`, 'identity.TimeRecorded', { userId, language, seconds, at });
  }
  read(userId: string, articleId: string, language: string, at: string) {
    return this.add(`library-read-${userId}.${articleId}.${at.slice(0, 10)}`, 'library.ArticleRead', {
      userId,
      articleId,
      language,
      day: at.slice(0, 10),
      at,
    });
  }
  /** The reader's active time on one page of an article, with the page's words (issue 39.6). */
  readingTime(userId: string, articleId: string, language: string, seconds: number, words: number, at: string, pageNumber = 1) {
    return this.add(`library-reading-time-${userId}.${at.slice(0, 10)}`, 'library.ReadingTimeRecorded', {
      userId,
      articleId,
      language,
      pageNumber,
      seconds,
      words,
      at,
    });
  }
  chapter(userId: string, chapterId: string, at: string) {
    return this.add(`learning-progress-${userId}.${uuidOf(7)}`, 'learning.ChapterCompleted', {
      userId,
      courseId: uuidOf(7),
      lessonId: uuidOf(8),
      chapterId,
      at,
    });
  }
  review(userId: string, cardId: string, language: string, at: string, after: ScheduleAfter = {}) {
    return this.add(`flashcard-${userId}.${cardId}`, 'practice.FlashcardReviewed', {
      userId,
      cardId,
      reviewId: uuidOf(0x2000000 + this.n),
      language,
      rating: 'good',
      source: 'flashcards',
      scheduled: true,
      before: fsrs(at),
      after: { ...fsrs(at), ...after },
      at,
    });
  }
  /** The Undo of the review made at `reviewedAt`: the card's schedule is `restored` again. */
  reviewUndone(userId: string, cardId: string, language: string, reviewedAt: string, at: string, restored: ScheduleAfter = {}) {
    return this.add(`flashcard-${userId}.${cardId}`, 'practice.FlashcardReviewUndone', {
      userId,
      cardId,
      reviewId: uuidOf(0x2000000 + this.n),
      language,
      restored: { ...fsrs(reviewedAt), ...restored },
      reviewedAt,
      at,
    });
  }
  cardCreated(userId: string, cardId: string, language: string, at: string) {
    return this.add(`flashcard-${userId}.${cardId}`, 'practice.FlashcardCreated', {
      userId,
      cardId,
      language,
      sourceValue: 'v1.sealed',
      targetValue: 'v1.sealed',
      origin: null,
      originId: null,
      originName: null,
      at,
      sealedFor: userId,
    });
  }
  cardDeleted(userId: string, cardId: string, at: string) {
    return this.add(`flashcard-${userId}.${cardId}`, 'practice.FlashcardDeleted', { userId, cardId, at });
  }
  word(userId: string, language: string, word: string, status: 'new' | 'known' | 'uncertain', at: string) {
    return this.add(`vocabulary-${userId}.${language}`, 'vocabulary.WordStatusChanged', { userId, language, word, status, at });
  }
  subscription(userId: string, kind: (typeof SUBSCRIPTION_KINDS)[number], status: string, at: string) {
    const snapshot = {
      subscriptionId: 'sub_123',
      customerId: 'cus_secret',
      userId,
      status,
      plan: 'monthly',
      priceId: 'price_1',
      currency: 'eur',
      unitAmount: 999,
      currentPeriodEnd: '2026-11-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      endedAt: null,
      observedAt: 1790000000,
    };
    return this.add(`billing-subscription-sub_${userId}`, `billing.Subscription${kind}`, { snapshot, source: 'webhook', at });
  }
  deleted(userId: string, at: string) {
    return this.add(`identity-user-${userId}`, 'identity.UserDeleted', { userId, at });
  }

  /** The appends as a store would hand them back, in append order. */
  recorded(): RecordedEvent[] {
    return this.appends.map(({ streamId, event }, i) => ({
      ...event,
      streamId,
      metadata: {},
      revision: 0n,
      position: { transaction: BigInt(i + 1), sequence: 0n },
      createdAt: new Date(String(event.data.at)),
    }));
  }
}

/** The analytics module as composed (with every context's integration mappers). */
export async function composedAnalyticsModule() {
  const { analyticsModule } = await import('../src/runtime/modules');
  return analyticsModule;
}

/**
 * The modules whose read models the analytics routes wait on besides their own: vocabulary's word families,
 * which the dashboard's figures count by. A test app serving those routes composes these too.
 */
export async function modulesAnalyticsReads() {
  const { allModules } = await import('../src/runtime/modules');
  return allModules.filter((m) => m.name === 'vocabulary');
}

/** The analytics projection as composed (with every context's integration mappers). */
export async function composedAnalyticsProjection() {
  return (await composedAnalyticsModule()).projections![0]!;
}

/**
 * Waits until the log reads `count` events. Readers see only events below the server's oldest open
 * transaction, and on a shared server another database's transaction can hold that back for a while.
 */
export async function untilReadable(
  store: { readAll(o: { maxCount: number }): Promise<unknown[]> },
  count: number,
  timeoutMs = 30_000,
): Promise<void> {
  for (const started = Date.now(); (await store.readAll({ maxCount: count + 1 })).length < count;) {
    if (Date.now() - started > timeoutMs) throw new Error(`the log did not show ${count} events within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
