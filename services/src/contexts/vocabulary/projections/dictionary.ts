import type { Projection } from '../../../platform/projections/projection';
import { ReadCache } from '../../../platform/projections/read-cache';
import { writeRows, type Column } from '../../../platform/projections/bulk-load';
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
  async apply(events, { trx, t }) {
    const table = t('dictionary_entries');
    // Collapse the batch to each word's last status, then write it in one statement.
    let latest = new Map<string, [userId: string, language: string, word: string, status: string, at: string]>();
    const flush = async () => {
      const rows = [...latest.values()];
      latest = new Map();
      await writeRows(
        trx,
        table,
        { cols: COLUMNS, rows: rows.filter((r) => r[3] !== 'new'), conflict: { key: ['user_id', 'language', 'word'], merge: 'status = excluded.status, updated_at = excluded.updated_at' } },
        { cols: KEY, keys: rows.filter((r) => r[3] === 'new') },
      );
    };
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        await flush(); // keep order: earlier marks land before the erasure
        await trx(table).where({ user_id: readEventData(UserDeleted, recorded).userId }).delete();
        continue;
      }
      const { data } = codec.decode(recorded);
      latest.set(`${data.userId}\u0000${data.language}\u0000${data.word}`, [data.userId, data.language, data.word, data.status, data.at]);
    }
    await flush();
  },
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
