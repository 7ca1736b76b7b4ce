import type { Knex } from 'knex';
import { EventCodec, readEventData } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { CARD_SEALED_FIELDS, flashcardEvents, type FlashcardEvent, type FsrsCard } from '../events';
import { openSealed } from '../../../platform/personal-data/keys';
import { newSchedule } from '../domain/scheduler';
import { UserDeleted } from '../../identity/published';

const codec = new EventCodec([...flashcardEvents]);
/** Rows per insert statement: 21 columns stay well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

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

function withSchedule(row: FlashcardRow, s: FsrsCard): FlashcardRow {
  return {
    ...row,
    difficulty: s.difficulty,
    stability: s.stability,
    scheduled_days: s.scheduledDays,
    learning_steps: s.learningSteps,
    reps: s.reps,
    lapses: s.lapses,
    state: s.state,
    due_at: new Date(s.due),
    last_review_at: s.lastReview ? new Date(s.lastReview) : null,
  };
}

/** The row after one event; undefined when the card is gone. */
function applyEvent(row: FlashcardRow | undefined, e: FlashcardEvent): FlashcardRow | undefined {
  const d = e.data;
  switch (e.type) {
    case 'practice.FlashcardCreated': {
      const base = {
        user_id: d.userId,
        card_id: d.cardId,
        language: e.data.language,
        source_value: e.data.sourceValue,
        target_value: e.data.targetValue,
        origin: e.data.origin,
        origin_id: e.data.originId,
        origin_name: e.data.originName,
        sentence: e.data.sentence ?? null,
        status: 'uncertain',
        created_at: new Date(d.at),
        time_practiced: 0,
      } as FlashcardRow;
      return withSchedule(base, newSchedule(new Date(d.at)));
    }
    case 'practice.FlashcardDeleted':
      return undefined;
    default:
      if (!row) return undefined; // an event for a card this read model no longer has (user erased)
      if (e.type === 'practice.FlashcardEdited') return { ...row, source_value: e.data.sourceValue, target_value: e.data.targetValue };
      if (e.type === 'practice.FlashcardStatusChanged') return { ...row, status: e.data.status };
      if (e.type === 'practice.FlashcardReviewUndone')
        return { ...withSchedule(row, e.data.restored), time_practiced: row.time_practiced - 1 };
      return { ...withSchedule(row, e.data.after), time_practiced: row.time_practiced + 1 };
  }
}

const cardKey = (userId: string, cardId: string) => `${userId}\u0000${cardId}`;

async function writeCards(trx: Knex.Transaction, table: string, cards: Map<string, FlashcardRow | undefined>): Promise<void> {
  const rows = [...cards.values()].filter((r): r is FlashcardRow => r !== undefined);
  const gone = [...cards.entries()].filter(([, r]) => r === undefined).map(([k]) => k.split('\u0000'));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await trx(table).insert(chunk).onConflict(['user_id', 'card_id']).merge();
  }
  for (let i = 0; i < gone.length; i += CHUNK) {
    await trx(table)
      .whereIn(['user_id', 'card_id'], gone.slice(i, i + CHUNK))
      .delete();
  }
}

async function writeDays(trx: Knex.Transaction, table: string, days: Map<string, number>): Promise<void> {
  const rows = [...days].map(([k, reviews]) => {
    const [user_id, language, day] = k.split('\u0000');
    return { user_id, language, day, reviews };
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await trx(table)
      .insert(rows.slice(i, i + CHUNK))
      .onConflict(['user_id', 'language', 'day'])
      .merge({ reviews: trx.raw('??.reviews + excluded.reviews', [table]) });
  }
}

/**
 * Flashcards with their schedule (one row per card, indexed for "due first" per user and language) and
 * practice days (reviews per user, language and UTC day) for streaks. A batch is folded in memory, rows
 * of cards it touches are read once, and written back in a few statements.
 */
export const flashcardsProjection: Projection = {
  name: 'practice-flashcards',
  // 2: cards' sentence (the rebuild fills the new column from the events).
  version: 2,
  tables: ['flashcards', 'practice_days'],
  eventTypes: [...flashcardEvents.map((e) => e.type), UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('flashcards'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('card_id').notNullable();
      tb.text('language').notNullable();
      tb.text('source_value').notNullable();
      tb.text('target_value').notNullable();
      tb.text('origin');
      tb.text('origin_id');
      tb.text('origin_name');
      tb.text('sentence');
      tb.text('status').notNullable();
      tb.timestamp('created_at', { useTz: true }).notNullable();
      tb.timestamp('last_review_at', { useTz: true });
      tb.integer('time_practiced').notNullable();
      tb.double('difficulty').notNullable();
      tb.double('stability').notNullable();
      tb.integer('scheduled_days').notNullable();
      tb.integer('learning_steps').notNullable();
      tb.integer('reps').notNullable();
      tb.integer('lapses').notNullable();
      tb.text('state').notNullable();
      tb.timestamp('due_at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'card_id']);
      tb.index(['user_id', 'language', 'due_at', 'card_id'], t('flashcards_due_idx'));
      // Only the due index starts with (user, language): even before statistics exist (a fresh or rebuilt
      // table), the planner then reads "due first" straight from it instead of sorting a user's cards.
      tb.index(['origin_id', 'user_id'], t('flashcards_origin_idx'));
    });
    await trx.schema.createTable(t('practice_days'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('language').notNullable();
      tb.date('day').notNullable();
      tb.integer('reviews').notNullable();
      tb.primary(['user_id', 'language', 'day']);
    });
  },
  async apply(events, { trx, t }) {
    const cardsTable = t('flashcards');
    const daysTable = t('practice_days');
    let decoded: FlashcardEvent[] = [];
    const keys = new Map<string, Buffer | undefined>();
    const flush = async () => {
      const batch = decoded;
      decoded = [];
      // Rows to read first: cards whose first event in this batch is not their creation.
      const seen = new Set<string>();
      const toLoad: [string, string][] = [];
      for (const e of batch) {
        const k = cardKey(e.data.userId, e.data.cardId);
        if (seen.has(k)) continue;
        seen.add(k);
        if (e.type !== 'practice.FlashcardCreated') toLoad.push([e.data.userId, e.data.cardId]);
      }
      const cards = new Map<string, FlashcardRow | undefined>();
      for (let i = 0; i < toLoad.length; i += CHUNK) {
        const rows: FlashcardRow[] = await trx(cardsTable)
          .whereIn(['user_id', 'card_id'], toLoad.slice(i, i + CHUNK))
          .select();
        for (const r of rows)
          cards.set(cardKey(r.user_id, r.card_id), { ...r, difficulty: Number(r.difficulty), stability: Number(r.stability) });
      }
      const days = new Map<string, number>();
      for (const e of batch) {
        const k = cardKey(e.data.userId, e.data.cardId);
        cards.set(k, applyEvent(cards.get(k), e));
        // An undone review no longer counts for its day (streaks).
        if (e.type === 'practice.FlashcardReviewed' || e.type === 'practice.FlashcardReviewUndone') {
          const undone = e.type === 'practice.FlashcardReviewUndone';
          const day = `${e.data.userId}\u0000${e.data.language}\u0000${(undone ? e.data.reviewedAt : e.data.at).slice(0, 10)}`;
          days.set(day, (days.get(day) ?? 0) + (undone ? -1 : 1));
        }
      }
      await writeCards(trx, cardsTable, cards);
      await writeDays(trx, daysTable, days);
    };
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await flush(); // keep order: the erasure comes after what came before it
        const { userId } = readEventData(UserDeleted, recorded);
        keys.delete(userId);
        await trx(cardsTable).where({ user_id: userId }).delete();
        await trx(daysTable).where({ user_id: userId }).delete();
        continue;
      }
      const e = codec.decode(recorded);
      // The user's text, opened with their key (an erased user's reads empty; their rows go at UserDeleted).
      if (e.type === 'practice.FlashcardCreated' || e.type === 'practice.FlashcardEdited') {
        decoded.push({ ...e, data: await openSealed(trx, e.data as Record<string, unknown>, CARD_SEALED_FIELDS, keys) } as FlashcardEvent);
      } else decoded.push(e);
    }
    await flush();
  },
};
