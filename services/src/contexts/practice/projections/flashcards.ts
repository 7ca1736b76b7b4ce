import { quarterHourOf } from '@verba/contracts';
import { defineProjection, increment, remove, update, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { newSchedule } from '../domain/scheduler';
import {
  FlashcardCreated,
  FlashcardDeleted,
  FlashcardEdited,
  FlashcardReviewed,
  FlashcardReviewUndone,
  FlashcardStatusChanged,
  type FsrsCard,
} from '../events';

/** A row of the `flashcards` read model. */
export interface FlashcardRow {
  user_id: string;
  card_id: string;
  language: string;
  source_value: string;
  target_value: string;
  origin: string | null;
  origin_id: string | null;
  origin_name: string | null;
  /** The sentence the word was met in (cards the reader made). */
  sentence: string | null;
  status: string;
  created_at: Date;
  /** The last scheduled review (FSRS last_review). */
  last_review_at: Date | null;
  time_practiced: number;
  difficulty: number;
  stability: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: string;
  due_at: Date;
}

/** A card's FSRS schedule as its columns. */
const schedule = (s: FsrsCard) => ({
  difficulty: s.difficulty,
  stability: s.stability,
  scheduled_days: s.scheduledDays,
  learning_steps: s.learningSteps,
  reps: s.reps,
  lapses: s.lapses,
  state: s.state,
  due_at: s.due,
  last_review_at: s.lastReview,
});

const card = (d: { userId: string; cardId: string }) => ({ user_id: d.userId, card_id: d.cardId });
/**
 * A review counts in the quarter hour (UTC) it was made in, so streaks and "practised today" are read in the
 * learner's own days, whatever time zone they have (or choose later); an undone one no longer counts.
 */
const quarter = (d: { userId: string; language: string }, at: string) => ({
  user_id: d.userId,
  language: d.language,
  quarter_hour: quarterHourOf(at),
});

/**
 * Flashcards with their schedule (one row per card, indexed for "due first" per user and language) and
 * practice times (reviews per user, language and quarter hour) for streaks in the learner's days. Events for
 * a card this read model no longer has (its user erased) change nothing.
 */
export const flashcardsProjection = defineProjection({
  name: 'practice-flashcards',
  // 2: cards' sentence. 3: declared (indexes renamed). 4: reviews per quarter hour, not per UTC day (learners' own days).
  version: 4,
  tables: {
    flashcards: {
      key: ['user_id', 'card_id'],
      columns: {
        user_id: 'uuid',
        card_id: 'uuid',
        language: 'text',
        source_value: 'text',
        target_value: 'text',
        origin: 'text?',
        origin_id: 'text?',
        origin_name: 'text?',
        sentence: 'text?',
        status: 'text',
        created_at: 'timestamptz',
        last_review_at: 'timestamptz?',
        time_practiced: 'integer',
        difficulty: 'double precision',
        stability: 'double precision',
        scheduled_days: 'integer',
        learning_steps: 'integer',
        reps: 'integer',
        lapses: 'integer',
        state: 'text',
        due_at: 'timestamptz',
      },
      // Only the due index starts with (user, language): even before statistics exist (a fresh or rebuilt
      // table), the planner then reads "due first" straight from it instead of sorting a user's cards.
      indexes: [
        ['user_id', 'language', 'due_at', 'card_id'],
        ['origin_id', 'user_id'],
      ],
    },
    // Quarter hours since 1970-01-01T00:00Z (contracts' quarterHourOf): any zone's local day is whole quarter hours.
    practice_times: {
      key: ['user_id', 'language', 'quarter_hour'],
      columns: { user_id: 'uuid', language: 'text', quarter_hour: 'integer', reviews: 'integer' },
    },
  },
  on: [
    // The user's text comes sealed with their key: the platform opens it (an erased user's reads empty).
    when(
      FlashcardCreated,
      (d) => [
        upsert('flashcards', {
          ...card(d),
          language: d.language,
          source_value: d.sourceValue,
          target_value: d.targetValue,
          origin: d.origin,
          origin_id: d.originId,
          origin_name: d.originName,
          sentence: d.sentence ?? null,
          status: 'uncertain',
          created_at: d.at,
          time_practiced: 0,
          ...schedule(newSchedule(new Date(d.at))),
        }),
      ],
      { sealed: ['sourceValue', 'targetValue', 'originName', 'sentence'] },
    ),
    when(
      FlashcardEdited,
      (d) => [
        update('flashcards', card(d), {
          source_value: d.sourceValue,
          target_value: d.targetValue,
          ...(d.sentence !== undefined ? { sentence: d.sentence } : {}),
          ...(d.origin !== undefined ? { origin: d.origin, origin_id: d.originId ?? null, origin_name: d.originName ?? null } : {}),
        }),
      ],
      { sealed: ['sourceValue', 'targetValue', 'sentence', 'originName'] },
    ),
    when(FlashcardDeleted, (d) => [remove('flashcards', card(d))]),
    when(FlashcardStatusChanged, (d) => [update('flashcards', card(d), { status: d.status })]),
    when(FlashcardReviewed, (d) => [
      update('flashcards', card(d), schedule(d.after), { add: { time_practiced: 1 } }),
      increment('practice_times', { ...quarter(d, d.at), reviews: 1 }),
    ]),
    when(FlashcardReviewUndone, (d) => [
      update('flashcards', card(d), schedule(d.restored), { add: { time_practiced: -1 } }),
      increment('practice_times', { ...quarter(d, d.reviewedAt), reviews: -1 }),
    ]),
    when(UserDeleted, (d) => [remove('flashcards', { user_id: d.userId }), remove('practice_times', { user_id: d.userId })]),
  ],
});
