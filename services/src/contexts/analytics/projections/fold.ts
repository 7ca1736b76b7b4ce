import type { Knex } from 'knex';
import type { TableNames } from '../../../platform/projections/projection';
import { dayOf, type Fact } from '../events';
import {
  ACTIVE_GAPS,
  ARTICLE_GAPS,
  CHAPTER_GAPS,
  GAP_COLUMNS,
  addDaySums,
  eraseFromRollups,
  gapRows,
  withGaps,
  type GapSource,
} from './rollups';
import { canCopyFromStdin, copyRows, insertRows, loadWithoutIndexes, quoted, type Column } from '../../../platform/projections/bulk-load';
import { ANALYTICS_TABLES } from './tables';

/** Written by a bulk write with their indexes built after the load; the rollups are small and keep their keys. */
const BULK_LOADED = [
  'analytics_users',
  'analytics_user_languages',
  'analytics_activity',
  'analytics_words',
  'analytics_cards',
  'analytics_articles',
  'analytics_chapters',
];

type Counts = { reads: number; chapters: number; reviews: number; words: number; seconds: number };
/** A held card's schedule; null once the card is deleted. */
type Card = { language: string; state: string; reps: number; lapses: number } | null;
const zero = (): Counts => ({ reads: 0, chapters: 0, reviews: 0, words: 0, seconds: 0 });

/**
 * Folds a batch of facts into row changes held in memory, then writes them with a few multi-row upserts:
 * one statement per event would cap a rebuild at a few thousand events a second. A user's deletion
 * flushes what came before it and then erases every row of that user (consumers must honour it).
 */
export class AnalyticsBatch {
  private users = new Map<string, { registered_day?: string; current_language?: string | null; premium?: boolean }>();
  private joined = new Map<string, string>();
  private activity = new Map<string, Counts>();
  private words = new Map<string, string>();
  /** By user|card. */
  private cards = new Map<string, Card>();
  private articles = new Map<string, number>();
  private chapters = new Map<string, number>();
  /** Current language of users seen in this batch (chapters carry none: they count for it). */
  private languageOf = new Map<string, string | null>();

  private trx!: Knex.Transaction;
  private t!: TableNames;

  /** Without a transaction: a bulk fold (`fold`, then `writeTo`) for a rebuild into empty tables. */
  constructor(trx?: Knex.Transaction, t?: TableNames) {
    if (trx && t) this.bind(trx, t);
  }

  private bind(trx: Knex.Transaction, t: TableNames): void {
    this.trx = trx;
    this.t = t;
  }

  /**
   * Bulk rebuild: folds facts in memory only. The tables are empty and nothing is written before
   * `writeTo`, so chapters find the learner's language in memory and a deletion erases the user's
   * keys from memory (the same tables as `apply` gives).
   */
  fold(facts: readonly Fact[]): void {
    for (const f of facts) {
      if (f.type === 'verba.identity.user-deleted') this.eraseInMemory(f.data.userId);
      else this.add(f);
    }
  }

  async writeTo(trx: Knex.Transaction, t: TableNames): Promise<void> {
    this.bind(trx, t);
    this.intoEmptyTables = true;
    this.copy = await canCopyFromStdin(trx);
    // Memory for this transaction's index builds, so they sort in memory instead of spilling to disk (the
    // default is 64 MB).
    await trx.raw("set local maintenance_work_mem = '256MB'");
    // Every key is unique in memory, so the big tables take COPY (or plain inserts) and get their indexes
    // afterwards. While the server builds those, the gap rollups are computed from the member days in memory
    // (the maps as they were before the flush replaced them).
    const { activity, articles, chapters } = this;
    const gaps = await loadWithoutIndexes(
      trx,
      BULK_LOADED.map(t),
      () => this.flush(),
      () => [
        [ACTIVE_GAPS, gapRows(activity.keys())] as const,
        [ARTICLE_GAPS, gapRows(memberFirst(articles.keys()))] as const,
        [CHAPTER_GAPS, gapRows(memberFirst(chapters.keys()))] as const,
      ],
    );
    for (const [g, rows] of gaps ?? []) await copyRows(trx, t(g.target), GAP_COLUMNS, rows, this.copy);
    // Fresh tables have no statistics until autovacuum comes by: give the planner some at once.
    for (const table of ANALYTICS_TABLES) await trx.raw('analyze ??', [t(table)]);
  }

  /** Set by a bulk write: the gap rollups are computed from memory once instead of kept per batch. */
  private intoEmptyTables = false;
  /** A bulk write on a server that takes COPY FROM STDIN loads the fresh tables with it. */
  private copy = false;

  private gaps(g: GapSource, keys: Iterable<string>, write: () => Promise<void>): Promise<void> {
    return this.intoEmptyTables ? write() : withGaps(this.trx, this.t, g, keys, write);
  }

  private eraseInMemory(userId: string): void {
    this.users.delete(userId);
    this.languageOf.delete(userId);
    const prefix = `${userId}|`;
    for (const keys of [this.joined, this.activity, this.words, this.cards])
      for (const k of keys.keys()) if (k.startsWith(prefix)) keys.delete(k);
  }

  async apply(facts: readonly Fact[]): Promise<void> {
    await this.loadLanguages(facts);
    for (const f of facts) {
      if (f.type === 'verba.identity.user-deleted') {
        await this.flush();
        await this.erase(f.data.userId);
      } else this.add(f);
    }
    await this.flush();
  }

  private async loadLanguages(facts: readonly Fact[]): Promise<void> {
    const ids = [...new Set(facts.filter((f) => f.type === 'verba.learning.chapter-completed').map((f) => f.data.userId))];
    if (!ids.length) return;
    const rows = await this.trx(this.t('analytics_users')).whereIn('user_id', ids).select('user_id', 'current_language');
    for (const r of rows as { user_id: string; current_language: string | null }[]) this.languageOf.set(r.user_id, r.current_language);
  }

  private user(userId: string) {
    let u = this.users.get(userId);
    if (!u) this.users.set(userId, (u = {}));
    return u;
  }

  private join(userId: string, language: string, day: string): void {
    const key = `${userId}|${language}`;
    const was = this.joined.get(key);
    if (!was || day < was) this.joined.set(key, day);
  }

  /** One count of a day's activity (a field and an amount, not an object: this runs for nearly every event). */
  private act(userId: string, language: string, day: string, field: keyof Counts, n: number): void {
    this.join(userId, language, day);
    const key = `${userId}|${language}|${day}`;
    const c = this.activity.get(key);
    if (c) c[field] += n;
    else {
      const fresh = zero();
      fresh[field] = n;
      this.activity.set(key, fresh);
    }
  }

  private add(f: Fact): void {
    const day = dayOf(f.occurredAt);
    switch (f.type) {
      case 'verba.identity.user-registered':
        this.user(f.data.userId).registered_day = day;
        break;
      case 'verba.identity.learning-language-changed':
        this.user(f.data.userId).current_language = f.data.language;
        this.languageOf.set(f.data.userId, f.data.language);
        this.join(f.data.userId, f.data.language, day);
        break;
      case 'verba.identity.time-spent':
        this.act(f.data.userId, f.data.language, day, 'seconds', f.data.seconds);
        break;
      case 'verba.library.article-read': {
        this.act(f.data.userId, f.data.language, day, 'reads', 1);
        const key = `${f.data.language}|${day}|${f.data.articleId}`;
        this.articles.set(key, (this.articles.get(key) ?? 0) + 1);
        break;
      }
      case 'verba.learning.chapter-completed': {
        const language = this.languageOf.get(f.data.userId);
        if (!language) break;
        this.act(f.data.userId, language, day, 'chapters', 1);
        const key = `${language}|${day}|${f.data.chapterId}`;
        this.chapters.set(key, (this.chapters.get(key) ?? 0) + 1);
        break;
      }
      case 'verba.practice.card-created':
        this.cards.set(`${f.data.userId}|${f.data.cardId}`, { language: f.data.language, state: 'new', reps: 0, lapses: 0 });
        break;
      case 'verba.practice.card-reviewed':
        this.act(f.data.userId, f.data.language, day, 'reviews', 1);
        // v1 (no longer published) says nothing of the schedule: the review counts, the card stays as it was.
        if (f.version === 2)
          this.cards.set(`${f.data.userId}|${f.data.cardId}`, {
            language: f.data.language,
            state: f.data.state,
            reps: f.data.reps,
            lapses: f.data.lapses,
          });
        break;
      case 'verba.practice.card-review-undone':
        // The review no longer counts, on the day it was made; the card's schedule is as before it.
        this.act(f.data.userId, f.data.language, dayOf(f.data.reviewedAt), 'reviews', -1);
        this.cards.set(`${f.data.userId}|${f.data.cardId}`, {
          language: f.data.language,
          state: f.data.state,
          reps: f.data.reps,
          lapses: f.data.lapses,
        });
        break;
      case 'verba.practice.card-deleted':
        this.cards.set(`${f.data.userId}|${f.data.cardId}`, null);
        break;
      case 'verba.vocabulary.word-status-changed':
        this.act(f.data.userId, f.data.language, day, 'words', 1);
        this.words.set(`${f.data.userId}|${f.data.language}|${f.data.word}`, f.data.status);
        break;
      case 'verba.billing.subscription-changed':
        this.user(f.data.userId).premium = f.data.premium;
        break;
    }
  }

  private async erase(userId: string): Promise<void> {
    await eraseFromRollups(this.trx, this.t, userId);
    for (const table of ['analytics_users', 'analytics_user_languages', 'analytics_activity', 'analytics_words', 'analytics_cards']) {
      await this.trx(this.t(table)).where({ user_id: userId }).delete();
    }
    this.languageOf.delete(userId);
  }

  private async flush(): Promise<void> {
    const { trx, t } = this;
    // Into empty tables (a bulk write) no row can conflict: COPY (or plain inserts), as the keys are not there yet.
    // The rows are made lazily: a bulk write streams them into COPY without holding them all at once.
    const upsert = (
      table: string,
      cols: readonly Column[],
      rows: Iterable<readonly unknown[]>,
      key: readonly string[],
      merge: string | null,
    ) => (this.intoEmptyTables ? copyRows(trx, table, cols, rows, this.copy) : insertRows(trx, table, cols, [...rows], { key, merge }));
    const plus = (table: string, cols: string[]) => cols.map((c) => `${c} = ${quoted(t(table))}.${c} + excluded.${c}`).join(', ');
    // A user row may be known only partly in this batch: keep what the stored row has for the rest, so
    // users are written in groups of the same known columns.
    const groups = new Map<string, [string, Record<string, unknown>][]>();
    for (const [id, u] of this.users) {
      const cols = Object.keys(u).sort().join(',');
      groups.set(cols, [...(groups.get(cols) ?? []), [id, u]]);
    }
    for (const [key, members] of groups) {
      const cols = key ? key.split(',') : [];
      await upsert(
        t('analytics_users'),
        [['user_id', 'uuid'], ...cols.map((c) => [c, USER_TYPES[c]!] as [string, string])],
        members.map(([id, u]) => [id, ...cols.map((c) => u[c] ?? null)]),
        ['user_id'],
        cols.length ? cols.map((c) => `${c} = excluded.${c}`).join(', ') : null,
      );
    }
    await upsert(
      t('analytics_user_languages'),
      [
        ['user_id', 'uuid'],
        ['language', 'text'],
        ['joined_day', 'date'],
      ],
      lazily(this.joined, ([k, day]) => [...k.split('|'), day]),
      ['user_id', 'language'],
      // Only an earlier day changes the row: no new row version (and no dead tuple) for every batch of a known learner.
      `joined_day = excluded.joined_day where excluded.joined_day < ${quoted(t('analytics_user_languages'))}.joined_day`,
    );
    const counts = ['reads', 'chapters', 'reviews', 'words', 'seconds'] as const;
    const daySums = new Map<string, { reads: number; chapters: number; seconds: number }>();
    for (const [k, c] of this.activity) {
      const day = k.slice(k.indexOf('|') + 1);
      const sum = daySums.get(day) ?? { reads: 0, chapters: 0, seconds: 0 };
      sum.reads += c.reads;
      sum.chapters += c.chapters;
      sum.seconds += c.seconds;
      daySums.set(day, sum);
    }
    await addDaySums(trx, t, daySums);
    await this.gaps(ACTIVE_GAPS, this.activity.keys(), () =>
      upsert(
        t('analytics_activity'),
        [['user_id', 'uuid'], ['language', 'text'], ['day', 'date'], ...counts.map((c) => [c, 'int'] as [string, string])],
        lazily(this.activity, ([k, c]) => [...k.split('|'), c.reads, c.chapters, c.reviews, c.words, c.seconds]),
        ['user_id', 'language', 'day'],
        plus('analytics_activity', [...counts]),
      ),
    );
    await upsert(
      t('analytics_words'),
      [
        ['user_id', 'uuid'],
        ['language', 'text'],
        ['word', 'text'],
        ['status', 'text'],
      ],
      lazily(this.words, ([k, status]) => {
        const [user_id, language, ...word] = k.split('|');
        return [user_id, language, word.join('|'), status];
      }),
      ['user_id', 'language', 'word'],
      'status = excluded.status',
    );
    const held = lazily(
      [...this.cards].filter(([, c]) => c !== null),
      ([k, c]) => [...k.split('|'), c!.language, c!.state, c!.reps, c!.lapses],
    );
    await upsert(
      t('analytics_cards'),
      [
        ['user_id', 'uuid'],
        ['card_id', 'uuid'],
        ['language', 'text'],
        ['state', 'text'],
        ['reps', 'int'],
        ['lapses', 'int'],
      ],
      held,
      ['user_id', 'card_id'],
      'language = excluded.language, state = excluded.state, reps = excluded.reps, lapses = excluded.lapses',
    );
    // Deleted cards: none is in empty tables yet (a bulk write), so only a batch has rows to remove.
    const gone = [...this.cards].filter(([, c]) => c === null).map(([k]) => k.split('|'));
    if (!this.intoEmptyTables && gone.length) await trx(t('analytics_cards')).whereIn(['user_id', 'card_id'], gone).delete();
    await this.gaps(ARTICLE_GAPS, memberFirst(this.articles.keys()), () =>
      upsert(
        t('analytics_articles'),
        [
          ['language', 'text'],
          ['day', 'date'],
          ['article_id', 'uuid'],
          ['reads', 'int'],
        ],
        lazily(this.articles, ([k, n]) => [...k.split('|'), n]),
        ['language', 'day', 'article_id'],
        plus('analytics_articles', ['reads']),
      ),
    );
    await this.gaps(CHAPTER_GAPS, memberFirst(this.chapters.keys()), () =>
      upsert(
        t('analytics_chapters'),
        [
          ['language', 'text'],
          ['day', 'date'],
          ['chapter_id', 'uuid'],
          ['completions', 'int'],
        ],
        lazily(this.chapters, ([k, n]) => [...k.split('|'), n]),
        ['language', 'day', 'chapter_id'],
        plus('analytics_chapters', ['completions']),
      ),
    );
    // New maps rather than cleared ones: a bulk write still reads the old ones for its gap rollups.
    this.users = new Map();
    this.joined = new Map();
    this.activity = new Map();
    this.words = new Map();
    this.cards = new Map();
    this.articles = new Map();
    this.chapters = new Map();
  }
}

/** Keys of the article and chapter maps are language|day|id; the gap rollups take id|language|day. */
const memberFirst = (keys: Iterable<string>) =>
  lazily(keys, (k) => {
    const [language, day, id] = k.split('|');
    return `${id}|${language}|${day}`;
  });

/** `source` mapped on demand (an iterable that can be walked again, unlike a generator). */
function lazily<T, R>(source: Iterable<T>, f: (item: T) => R): Iterable<R> {
  return {
    *[Symbol.iterator]() {
      for (const item of source) yield f(item);
    },
  };
}

const USER_TYPES: Record<string, string> = { registered_day: 'date', current_language: 'text', premium: 'boolean' };
