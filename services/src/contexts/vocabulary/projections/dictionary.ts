import { writesAsStatements, type Projection, type StatementContext, type WriteStatement } from '../../../platform/projections/projection';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { ReadCache } from '../../../platform/projections/read-cache';
import { latestRowsStatements, type Column } from '../../../platform/projections/bulk-load';
import { EventCodec, readEventData, trustingAppendValidation } from '../../../platform/decider/events';
import { WordStatusChanged, vocabularyEvents } from '../events';
import { UserDeleted } from '../../identity/published';

const codec = new EventCodec([...vocabularyEvents]);

const KEY: readonly Column[] = [
  ['user_id', 'uuid'],
  ['language', 'text'],
  ['word', 'text'],
];
const COLUMNS: readonly Column[] = [...KEY, ['status', 'text'], ['updated_at', 'timestamptz']];

export interface DictionaryEntry {
  value: string;
  status: 'known' | 'uncertain';
}

/**
 * Dictionaries as last read, per `${userId}:${language}`; this projection brings what it changes up to
 * date after each batch (a learner who marks a word and reads the dictionary needs no query).
 */
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
    keep: (r) => r[3] !== 'new',
    write: {
      cols: COLUMNS,
      conflict: { key: ['user_id', 'language', 'word'], merge: 'status = excluded.status, updated_at = excluded.updated_at' },
    },
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
    const changes = new Map<string, WordChange[]>();
    for (const e of events) {
      if (e.type === UserDeleted.type) dictionaryCache.invalidatePrefix(`${readEventData(UserDeleted, e).userId}:`);
      else if (e.type === WordStatusChanged.type) {
        const { userId, language, word, status } = trustingAppendValidation(() => readEventData(WordStatusChanged, e));
        const key = dictionaryKey(userId, language);
        const list = changes.get(key);
        if (list) list.push([word, status]);
        else changes.set(key, [[word, status]]);
      }
    }
    // Each event sets a word's status outright, so applying one to a copy that already shows it (read after
    // the commit, before this hook ran) changes nothing; a copy read after a later batch too shows that
    // batch's words as this one left them until that batch's own hook runs, next in order. A bulk change
    // (an import) drops the copy: the next read loads it once rather than this thread splicing it word by word.
    for (const [key, list] of changes) {
      if (list.length > MAX_CHANGES_APPLIED) dictionaryCache.invalidate(key);
      else dictionaryCache.update(key, (entries) => withWordStatuses(entries, list));
    }
  },
  afterSwitch() {
    dictionaryCache.invalidatePrefix('');
  },
};

/**
 * The dictionary's order: by code point, as the query's `collate "C"` sorts (the same on every server,
 * whatever its locale), so a copy brought up to date here reads exactly as the query would.
 */
export function compareWords(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit's rank in code point order: surrogates (code points past U+FFFF) after U+E000-U+FFFF. */
const codePointOrder = (unit: number) => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** A word and its new status (`new` takes it out of the dictionary). */
type WordChange = readonly [word: string, status: DictionaryEntry['status'] | 'new'];

/** More changes than this to one cached dictionary in a batch drop it instead. */
const MAX_CHANGES_APPLIED = 64;

/** A dictionary in that order with the changes applied in turn, as a new array (readers may hold the old one). */
export function withWordStatuses(entries: readonly DictionaryEntry[], changes: readonly WordChange[]): DictionaryEntry[] {
  const next = entries.slice();
  for (const [word, status] of changes) {
    let lo = 0;
    let hi = next.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareWords(next[mid]!.value, word) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found = next[lo]?.value === word;
    if (status !== 'new') next.splice(lo, found ? 1 : 0, { value: word, status });
    else if (found) next.splice(lo, 1);
  }
  return next;
}
