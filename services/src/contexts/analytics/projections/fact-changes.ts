import { pageCountsAsRead, quarterHourOf } from '@verba/contracts';
import { increment, remove, upsert, type Lookup, type Row, type RowChange } from '../../../platform/projections/declare';
import { dayOf, type Fact } from '../events';
import type { AnalyticsTable } from './tables';

type Change = RowChange<AnalyticsTable>;
type Counts = { reads?: number; chapters?: number; reviews?: number; words?: number; seconds?: number };
/** The reader's page times, counted in the learner's quarter hours only (admin figures do not read them). */
type Reading = { read_seconds: number; pages: number; words_read: number };
const NO_READING: Reading = { read_seconds: 0, pages: 0, words_read: 0 };

/** A user joins a language on the first day they choose it or do anything in it (the lowest day wins). */
const joined = (userId: string, language: string, day: string): Change =>
  upsert('analytics_user_languages', { user_id: userId, language, joined_day: day }, { olderBy: 'joined_day' });

/**
 * A count of activity at `at`: the user was active in the language that (UTC) day, and joined it by then;
 * the same counts by quarter hour give the learner's own days in their time zone.
 */
const act = (userId: string, language: string, at: string, counts: Counts, reading: Reading = NO_READING): Change[] => {
  const n = {
    reads: counts.reads ?? 0,
    chapters: counts.chapters ?? 0,
    reviews: counts.reviews ?? 0,
    words: counts.words ?? 0,
    seconds: counts.seconds ?? 0,
  };
  const day = dayOf(at);
  return [
    joined(userId, language, day),
    increment('analytics_activity', { user_id: userId, language, day, ...n }),
    increment('analytics_learner_times', { user_id: userId, language, quarter_hour: quarterHourOf(at), ...n, ...reading }),
  ];
};

const card = (f: { userId: string; cardId: string; language: string; state: string; reps: number; lapses: number }): Change =>
  upsert('analytics_cards', { user_id: f.userId, card_id: f.cardId, language: f.language, state: f.state, reps: f.reps, lapses: f.lapses });

/** What a fact needs of the read model besides itself: a completed chapter counts in the learner's current language. */
export function lookupOf(f: Fact): Lookup<AnalyticsTable> | null {
  return f.type === 'verba.learning.chapter-completed' ? { table: 'analytics_users', key: { user_id: f.data.userId } } : null;
}

/**
 * The row changes of one public fact. A user's deletion removes every row of that user (consumers must
 * honour it); the rollups follow (declared in tables.ts).
 */
export function factChanges(f: Fact, found: Row | undefined): Change[] {
  const day = dayOf(f.occurredAt);
  switch (f.type) {
    case 'verba.identity.user-registered':
      return [upsert('analytics_users', { user_id: f.data.userId, registered_day: day })];
    case 'verba.identity.learning-language-changed':
      return [
        upsert('analytics_users', { user_id: f.data.userId, current_language: f.data.language }),
        joined(f.data.userId, f.data.language, day),
      ];
    case 'verba.identity.time-spent':
      return act(f.data.userId, f.data.language, f.occurredAt, { seconds: f.data.seconds });
    case 'verba.library.article-read':
      return [
        ...act(f.data.userId, f.data.language, f.occurredAt, { reads: 1 }),
        increment('analytics_articles', { language: f.data.language, day, article_id: f.data.articleId, reads: 1 }),
      ];
    case 'verba.library.reading-time': {
      // Time on a page always counts as minutes read; its words and the page only when it was read, not turned.
      const { userId, articleId, language, seconds, words } = f.data;
      const read = pageCountsAsRead(words, seconds);
      const reading = { read_seconds: seconds, pages: read ? 1 : 0, words_read: read ? words : 0 };
      return [
        ...act(userId, language, f.occurredAt, {}, reading),
        increment('analytics_texts', {
          user_id: userId,
          article_id: articleId,
          language,
          words_read: reading.words_read,
          pages: reading.pages,
          read_seconds: read ? seconds : 0,
        }),
      ];
    }
    case 'verba.learning.chapter-completed': {
      // Chapters carry no language: they count for the learner's current one, none before they chose one.
      const language = found?.current_language as string | null | undefined;
      if (!language) return [];
      return [
        ...act(f.data.userId, language, f.occurredAt, { chapters: 1 }),
        increment('analytics_chapters', { language, day, chapter_id: f.data.chapterId, completions: 1 }),
      ];
    }
    case 'verba.practice.card-created':
      return [card({ ...f.data, state: 'new', reps: 0, lapses: 0 })];
    case 'verba.practice.card-reviewed':
      // v1 (no longer published) says nothing of the schedule: the review counts, the card stays as it was.
      return [...act(f.data.userId, f.data.language, f.occurredAt, { reviews: 1 }), ...(f.version === 1 ? [] : [card(f.data)])];
    case 'verba.practice.card-review-undone':
      // The review no longer counts, on the day it was made; the card's schedule is as before it.
      return [...act(f.data.userId, f.data.language, f.data.reviewedAt, { reviews: -1 }), card(f.data)];
    case 'verba.practice.card-deleted':
      return [remove('analytics_cards', { user_id: f.data.userId, card_id: f.data.cardId })];
    case 'verba.vocabulary.word-status-changed':
      return [
        ...act(f.data.userId, f.data.language, f.occurredAt, { words: 1 }),
        upsert('analytics_words', { user_id: f.data.userId, language: f.data.language, word: f.data.word, status: f.data.status }),
      ];
    case 'verba.billing.subscription-changed':
      return [upsert('analytics_users', { user_id: f.data.userId, premium: f.data.premium })];
    case 'verba.identity.user-deleted': {
      const user = { user_id: f.data.userId };
      return (
        [
          'analytics_users',
          'analytics_user_languages',
          'analytics_activity',
          'analytics_learner_times',
          'analytics_words',
          'analytics_cards',
          'analytics_texts',
        ] as const
      ).map((t) => remove(t, user));
    }
    default:
      return [];
  }
}
