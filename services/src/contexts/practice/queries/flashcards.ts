import type { Knex } from 'knex';
import { dateDiffInDays } from 'ts-fsrs';
import {
  DAY_MS,
  DUE_COUNT_MAX,
  MASTERED_AFTER_DAYS,
  QUARTER_HOUR_MS,
  currentStreak,
  endOfLocalDay,
  localDay,
  type Flashcard,
  type FlashcardStatus,
  type LearningLanguage,
} from '@verba/contracts';
import type { TimeZones } from '../../../platform/module';
import type { FlashcardRow } from '../projections/flashcards';
import type { ReviewRow } from '../projections/reviews';

type Db = Knex | Knex.Transaction;
const ms = (d: Date | null) => (d ? d.getTime() : null);

/** A read-model row as the API shows it; elapsedDays is derived here, the way FSRS counts it (UTC days). */
export function toFlashcard(r: FlashcardRow, now: Date): Flashcard {
  return {
    id: r.card_id,
    languageCode: r.language as LearningLanguage,
    sourceValue: r.source_value,
    targetValue: r.target_value,
    timePracticed: r.time_practiced,
    creationDateStamp: r.created_at.getTime(),
    lastTimePracticedStamp: ms(r.last_review_at),
    origin: r.origin as Flashcard['origin'],
    originId: r.origin_id,
    originName: r.origin_name,
    ...(r.sentence ? { sentence: r.sentence } : {}),
    status: r.status as FlashcardStatus,
    difficulty: Number(r.difficulty),
    stability: Number(r.stability),
    scheduledDays: r.scheduled_days,
    elapsedDays: r.last_review_at ? Math.max(0, dateDiffInDays(r.last_review_at, now)) : 0,
    dueDateStamp: r.due_at.getTime(),
    state: r.state as Flashcard['state'],
    learningSteps: r.learning_steps,
    reps: r.reps,
    lapses: r.lapses,
  };
}

/** Reads of the flashcards read model; every query is scoped to one user and language. */
export class FlashcardQueries {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Each learner's zone: "due today", "practised today" and streaks count the learner's own days. */
    private readonly timeZones: TimeZones,
  ) {}

  private cards(userId: string, language: LearningLanguage) {
    return this.db<FlashcardRow>('flashcards').where({ user_id: userId, language });
  }

  async list(userId: string, language: LearningLanguage, status?: FlashcardStatus): Promise<Flashcard[]> {
    const q = this.cards(userId, language).orderBy([{ column: 'created_at', order: 'desc' }, 'card_id']);
    const rows: FlashcardRow[] = await (status ? q.andWhere({ status }) : q).select();
    const now = this.now();
    return rows.map((r) => toFlashcard(r, now));
  }

  /** The learner's review log in a language, oldest first: the reviews that stand, of any card ever made. */
  async reviews(userId: string, language: LearningLanguage): Promise<ReviewRow[]> {
    return this.db<ReviewRow>('practice_reviews').where({ user_id: userId, language }).orderBy(['reviewed_at', 'review_id']).select();
  }

  async one(userId: string, cardId: string): Promise<FlashcardRow | undefined> {
    return this.db<FlashcardRow>('flashcards').where({ user_id: userId, card_id: cardId }).first();
  }

  /** The learner's (oldest) card whose front is this word key: fronts are compared lower-cased. */
  async cardOfWord(userId: string, language: LearningLanguage, key: string): Promise<string | undefined> {
    const row = await this.cards(userId, language)
      .andWhereRaw('lower(source_value) = ?', [key.toLowerCase()])
      .orderBy(['created_at', 'card_id'])
      .first('card_id');
    return row?.card_id;
  }

  async byOrigin(userId: string, language: LearningLanguage, originId: string, origin: 'article' | 'chapter'): Promise<Flashcard[]> {
    const rows: FlashcardRow[] = await this.cards(userId, language)
      .andWhere({ origin_id: originId, origin })
      .orderBy(['created_at', 'card_id'])
      .select();
    const now = this.now();
    return rows.map((r) => toFlashcard(r, now));
  }

  /**
   * The next cards to practice in "due first" order, read straight from the index on (user, language,
   * due date), with the due count (capped: each counted card is a heap fetch) in the same round trip.
   */
  async dueFirst(
    userId: string,
    language: LearningLanguage,
    limit: number,
  ): Promise<{ dueCount: number; cards: (Flashcard & { isDue: boolean })[] }> {
    const now = this.now();
    const dueCount = this.db.raw(
      '(select count(*) from (select 1 from flashcards where user_id = ? and language = ? and due_at <= ? limit ?) due) as due_count',
      [userId, language, now, DUE_COUNT_MAX],
    );
    const rows: (FlashcardRow & { due_count: string })[] = await this.cards(userId, language)
      .orderBy(['due_at', 'card_id'])
      .limit(limit)
      .select('*', dueCount);
    return { dueCount: Number(rows[0]?.due_count ?? 0), cards: rows.map((r) => ({ ...toFlashcard(r, now), isDue: r.due_at <= now })) };
  }

  async originStatus(userId: string, language: LearningLanguage) {
    type Counts = {
      origin: string | null;
      origin_id: string | null;
      origin_name: string | null;
      total: string;
      known: string;
      uncertain: string;
      due_now: string;
    };
    const rows = (await this.cards(userId, language)
      .groupBy(['origin', 'origin_id', 'origin_name'])
      .select('origin', 'origin_id', 'origin_name')
      .select(
        this.db.raw('count(*) as total'),
        this.db.raw("count(*) filter (where status = 'known') as known"),
        this.db.raw("count(*) filter (where status = 'uncertain') as uncertain"),
        this.db.raw('count(*) filter (where due_at <= ?) as due_now', [this.now()]),
      )
      .orderBy(['origin', 'origin_id'])) as unknown as Counts[];
    return rows.map((r) => ({
      origin: r.origin as 'article' | 'chapter' | null,
      originId: r.origin_id,
      originName: r.origin_name,
      total: Number(r.total),
      known: Number(r.known),
      uncertain: Number(r.uncertain),
      dueNow: Number(r.due_now),
    }));
  }

  /** The learner's practice days in their zone (YYYY-MM-DD, ascending): the quarter hours summed by local day. */
  private async practiceDays(userId: string, language: LearningLanguage, zone: string): Promise<{ day: string; reviews: number }[]> {
    const localDate = this.db.raw("to_char((to_timestamp(quarter_hour * ?) at time zone ?)::date, 'YYYY-MM-DD')", [
      QUARTER_HOUR_MS / 1000,
      zone,
    ]);
    const rows = (await this.db('practice_times')
      .where({ user_id: userId, language })
      .select({ day: localDate })
      .sum({ reviews: 'reviews' })
      .groupBy('day')
      .havingRaw('sum(reviews) > 0') // a day whose reviews were all undone was not practised
      .orderBy('day')) as unknown as { day: string; reviews: string }[];
    return rows.map((r) => ({ day: r.day, reviews: Number(r.reviews) }));
  }

  async info(userId: string, language: LearningLanguage) {
    const now = this.now();
    const zone = await this.timeZones.timeZoneOf(userId);
    // "Due today": due before the learner's local midnight.
    const endOfToday = endOfLocalDay(now, zone);
    const masteredAfter = new Date(now.getTime() + MASTERED_AFTER_DAYS * DAY_MS);
    const [counts, days] = await Promise.all([
      this.cards(userId, language)
        .select(
          this.db.raw('count(*) as total'),
          this.db.raw("count(*) filter (where status = 'known') as known"),
          this.db.raw("count(*) filter (where status = 'uncertain') as uncertain"),
          this.db.raw('count(*) filter (where due_at <= ?) as due_now', [now]),
          this.db.raw('count(*) filter (where due_at < ?) as due_today', [endOfToday]),
          this.db.raw("count(*) filter (where state = 'review') as learned"),
          this.db.raw('count(*) filter (where due_at > ?) as mastered', [masteredAfter]),
          this.db.raw('min(due_at) as next_due'),
        )
        .first() as Promise<Record<string, string | Date | null>>,
      this.practiceDays(userId, language, zone),
    ]);
    const today = localDay(now, zone);
    const n = (k: string) => Number(counts[k] ?? 0);
    return {
      languageCode: language,
      total: n('total'),
      known: n('known'),
      uncertain: n('uncertain'),
      dueNow: n('due_now'),
      dueToday: n('due_today'),
      learned: n('learned'),
      mastered: n('mastered'),
      streak: currentStreak(new Set(days.map((d) => d.day)), today),
      practicedToday: days.some((d) => d.day === today),
      nextDueStamp: counts['next_due'] ? new Date(counts['next_due']).getTime() : null,
    };
  }
}
