import { writesAsStatements, type Projection, type StatementContext, type WriteStatement } from '../../../platform/projections/projection';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { ReadCache } from '../../../platform/projections/read-cache';
import { latestRowsStatements, type Column } from '../../../platform/projections/bulk-load';
import { EventCodec, readEventData } from '../../../platform/decider/events';
import { WordStatusChanged, vocabularyEvents } from '../events';
import { UserDeleted } from '../../identity/published';

const codec = new EventCodec([...vocabularyEvents]);

const KEY: readonly Column[] = [['user_id', 'uuid'], ['language', 'text'], ['word', 'text']];
const COLUMNS: readonly Column[] = [...KEY, ['status', 'text'], ['updated_at', 'timestamptz']];

export interface DictionaryEntry {
  value: string;
  status: 'known' | 'uncertain';
}

/** Dictionaries as last read, per `${userId}:${language}`; this projection invalidates what it changes. */
export const dictionaryCache = new ReadCache<DictionaryEntry[]>();
export const dictionaryKey = (userId: string, language: string) => `${userId}:${language}`;

type Row = readonly [userId: string, language: string, word: string, status: string, at: string];

/** A batch collapsed to each word's last status, written in one statement (upserts and deletes). */
const dictionaryStatements = (events: RecordedEvent[], { t }: StatementContext): WriteStatement[] =>
  latestRowsStatements<Row>(events, {
    table: t('dictionary_entries'),
    rowOf(e) {
      if (e.type === UserDeleted.type) return { erase: readEventData(UserDeleted, e).userId };
      const { data } = codec.decode(e);
      return [data.userId, data.language, data.word, data.status, data.at];
    },
    key: (r) => `${r[0]}\u0000${r[1]}\u0000${r[2]}`,
    keep: (r) => r[3] !== 'new',
    write: { cols: COLUMNS, conflict: { key: ['user_id', 'language', 'word'], merge: 'status = excluded.status, updated_at = excluded.updated_at' } },
    removeBy: KEY,
  });

/** The learner's dictionary: one row per known or uncertain word. */
export const dictionaryProjection: Projection = {
  name: 'vocabulary-dictionary',
  version: 1,
  tables: ['dictionary_entries'],
  eventTypes: [...vocabularyEvents.map((e) => e.type), UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('dictionary_entries'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('language').notNullable();
      tb.text('word').notNullable();
      tb.text('status').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'language', 'word']);
    });
  },
  ...writesAsStatements(dictionaryStatements),
  afterCommit(events) {
    for (const e of events) {
      if (e.type === UserDeleted.type) dictionaryCache.invalidatePrefix(`${readEventData(UserDeleted, e).userId}:`);
      else if (e.type === WordStatusChanged.type) {
        const { userId, language } = e.data as { userId: string; language: string };
        dictionaryCache.invalidate(dictionaryKey(userId, language));
      }
    }
  },
  afterSwitch() {
    dictionaryCache.invalidatePrefix('');
  },
};
