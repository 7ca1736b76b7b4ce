import type { Knex } from 'knex';
import type { TableNames } from '../../../platform/projections/projection';
import { dayOf, type Fact } from '../events';

type Counts = { reads: number; chapters: number; reviews: number; words: number; seconds: number };
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
  private cards = new Set<string>();
  private articles = new Map<string, number>();
  private chapters = new Map<string, number>();
  /** Current language of users seen in this batch (chapters carry none: they count for it). */
  private languageOf = new Map<string, string | null>();

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly t: TableNames,
  ) {}

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

  private act(userId: string, language: string, day: string, add: Partial<Counts>): void {
    this.join(userId, language, day);
    const key = `${userId}|${language}|${day}`;
    const c = this.activity.get(key) ?? zero();
    for (const [k, v] of Object.entries(add) as [keyof Counts, number][]) c[k] += v;
    this.activity.set(key, c);
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
        this.act(f.data.userId, f.data.language, day, { seconds: f.data.seconds });
        break;
      case 'verba.library.article-read': {
        this.act(f.data.userId, f.data.language, day, { reads: 1 });
        const key = `${f.data.language}|${day}|${f.data.articleId}`;
        this.articles.set(key, (this.articles.get(key) ?? 0) + 1);
        break;
      }
      case 'verba.learning.chapter-completed': {
        const language = this.languageOf.get(f.data.userId);
        if (!language) break;
        this.act(f.data.userId, language, day, { chapters: 1 });
        const key = `${language}|${day}|${f.data.chapterId}`;
        this.chapters.set(key, (this.chapters.get(key) ?? 0) + 1);
        break;
      }
      case 'verba.practice.card-reviewed':
        this.act(f.data.userId, f.data.language, day, { reviews: 1 });
        this.cards.add(`${f.data.userId}|${f.data.language}|${f.data.cardId}`);
        break;
      case 'verba.vocabulary.word-status-changed':
        this.act(f.data.userId, f.data.language, day, { words: 1 });
        this.words.set(`${f.data.userId}|${f.data.language}|${f.data.word}`, f.data.status);
        break;
      case 'verba.billing.subscription-changed':
        this.user(f.data.userId).premium = f.data.premium;
        break;
    }
  }

  private async erase(userId: string): Promise<void> {
    for (const table of ['analytics_users', 'analytics_user_languages', 'analytics_activity', 'analytics_words', 'analytics_cards']) {
      await this.trx(this.t(table)).where({ user_id: userId }).delete();
    }
    this.languageOf.delete(userId);
  }

  private async flush(): Promise<void> {
    const { trx, t } = this;
    const add = (table: string, cols: string[]) => Object.fromEntries(cols.map((c) => [c, trx.raw('??.?? + excluded.??', [t(table), c, c])]));
    const users = [...this.users].map(([user_id, u]) => ({ user_id, ...u }));
    // A user row may be known only partly in this batch: keep what the stored row has for the rest.
    for (const row of users) {
      const cols = Object.keys(row).filter((k) => k !== 'user_id');
      await trx(t('analytics_users')).insert(row).onConflict('user_id').merge(cols.length ? cols : ['user_id']);
    }
    await upsert(trx, t('analytics_user_languages'), [...this.joined].map(([k, joined_day]) => {
      const [user_id, language] = k.split('|');
      return { user_id, language, joined_day };
    }), ['user_id', 'language'], { joined_day: trx.raw('least(??.joined_day, excluded.joined_day)', [t('analytics_user_languages')]) });
    const counts = ['reads', 'chapters', 'reviews', 'words', 'seconds'];
    await upsert(trx, t('analytics_activity'), [...this.activity].map(([k, c]) => {
      const [user_id, language, day] = k.split('|');
      return { user_id, language, day, ...c };
    }), ['user_id', 'language', 'day'], add('analytics_activity', counts));
    await upsert(trx, t('analytics_words'), [...this.words].map(([k, status]) => {
      const [user_id, language, ...word] = k.split('|');
      return { user_id, language, word: word.join('|'), status };
    }), ['user_id', 'language', 'word'], { status: trx.raw('excluded.status') });
    await upsert(trx, t('analytics_cards'), [...this.cards].map((k) => {
      const [user_id, language, card_id] = k.split('|');
      return { user_id, language, card_id };
    }), ['user_id', 'language', 'card_id'], null);
    await upsert(trx, t('analytics_articles'), [...this.articles].map(([k, reads]) => {
      const [language, day, article_id] = k.split('|');
      return { language, day, article_id, reads };
    }), ['language', 'day', 'article_id'], add('analytics_articles', ['reads']));
    await upsert(trx, t('analytics_chapters'), [...this.chapters].map(([k, completions]) => {
      const [language, day, chapter_id] = k.split('|');
      return { language, day, chapter_id, completions };
    }), ['language', 'day', 'chapter_id'], add('analytics_chapters', ['completions']));
    this.users.clear();
    this.joined.clear();
    this.activity.clear();
    this.words.clear();
    this.cards.clear();
    this.articles.clear();
    this.chapters.clear();
  }
}

/** Multi-row insert in chunks (PostgreSQL takes at most 65,535 parameters a statement). */
async function upsert(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[], key: string[], merge: Record<string, unknown> | null): Promise<void> {
  if (!rows.length) return;
  const per = Math.max(1, Math.floor(8000 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += per) {
    const q = trx(table).insert(rows.slice(i, i + per)).onConflict(key);
    await (merge ? q.merge(merge) : q.ignore());
  }
}
