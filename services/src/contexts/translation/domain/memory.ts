import type { Knex } from 'knex';
import { lookupKey } from '../adapters/local/glossary-text';

const TABLE = 'translation_memory';

/**
 * Every translation made so far, by language pair and source text: the local provider reuses them, so
 * what OpenAI once translated stays available offline. A shared store of texts, not anyone's personal
 * data, and nothing in the log describes it, so it is a plain table, not a read model.
 */
export async function migrateTranslationMemory(db: Knex): Promise<void> {
  if (await db.schema.hasTable(TABLE)) return;
  await db.schema.createTable(TABLE, (t) => {
    t.text('source_language').notNullable(); // '' when unknown
    t.text('locale').notNullable();
    t.text('source_key').notNullable();
    t.text('translation').notNullable();
    t.text('provider').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['source_language', 'locale', 'source_key']);
  });
}

export interface MemoryEntry {
  sourceLanguage: string;
  locale: string;
  text: string;
  translation: string;
  provider: string;
}

export class TranslationMemory {
  constructor(
    private readonly db: Knex,
    private readonly now: () => Date,
  ) {}

  /** Known translations of the given texts (looked up by their lookup keys). */
  async find(sourceLanguage: string, locale: string, texts: readonly string[]): Promise<Map<string, string>> {
    const keys = [...new Set(texts.map(lookupKey))];
    if (!keys.length) return new Map();
    const rows: { source_key: string; translation: string }[] = await this.db(TABLE)
      .where({ source_language: sourceLanguage, locale })
      .whereIn('source_key', keys)
      .select('source_key', 'translation');
    return new Map(rows.map((r) => [r.source_key, r.translation]));
  }

  async record(entry: MemoryEntry): Promise<void> {
    await this.db(TABLE)
      .insert({
        source_language: entry.sourceLanguage,
        locale: entry.locale,
        source_key: lookupKey(entry.text),
        translation: entry.translation,
        provider: entry.provider,
        updated_at: this.now(),
      })
      .onConflict(['source_language', 'locale', 'source_key'])
      .merge(['translation', 'provider', 'updated_at']);
  }
}
