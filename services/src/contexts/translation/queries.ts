import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import {
  MESSAGES,
  PROMPT_KINDS,
  type ArticleCheck,
  type LearningLanguage,
  type PromptKind,
  type TranslationResult,
} from '@verba/contracts';
import type { Cache } from '../../platform/cache/port';
import { HttpError } from '../../platform/http/problem';
import type { Logger } from '../../platform/logger';
import { DEFAULT_PROMPTS } from './domain/default-prompts';
import { detectLanguage } from './adapters/local/glossary-text';
import type { TranslationMemory } from './domain/memory';
import { InvalidProviderResultError, type Translation, type TranslationProvider } from './adapters/port';
import { meaningKey } from './domain/meaning-key';

/** Translations of a text do not go stale quickly; a week keeps the cache useful and bounded. */
const CACHE_TTL_MS = 7 * 24 * 3600 * 1000;

export interface TranslateInput {
  text: string;
  prompt?: string;
  locale: string;
  languageCode?: LearningLanguage;
  context?: string;
}

export interface PromptView {
  kind: PromptKind;
  prompt: string;
  version: number;
  updatedAt?: string;
}

interface PromptRow {
  kind: PromptKind;
  prompt: string;
  version: number;
  updated_by: string;
  updated_at: Date;
}

/**
 * Translations and the prompts they use. A translation changes no domain state (it only fills the cache
 * and the translation memory), so it is a query; changing a prompt is in commands.ts.
 */
export class TranslationQueries {
  constructor(
    private readonly provider: TranslationProvider,
    private readonly memory: TranslationMemory,
    private readonly cache: Cache,
    private readonly db: Knex,
    private readonly log: Logger,
  ) {}

  /**
   * Translates through the cache (keyed by text, locale, prompt and context); what the AI translates joins
   * the memory. A text the provider knows no translation of is answered `found: false` (not cached: the
   * memory may learn it); neither is an answer the dictionary gave because the AI failed.
   */
  async translate(input: TranslateInput): Promise<TranslationResult> {
    const started = performance.now();
    const sourceLanguage = input.languageCode ?? detectLanguage(input.text);
    const key = `translation:v2:${createHash('sha256')
      .update(JSON.stringify([this.provider.name, input.text, input.locale, input.prompt ?? '', sourceLanguage ?? '', input.context ?? '']))
      .digest('hex')}`;
    const cached = await this.cache.get(key);
    let translation = cached === undefined ? undefined : (JSON.parse(cached) as Translation);
    if (translation === undefined) {
      translation = await this.call(() =>
        this.provider.translate({
          text: input.text,
          locale: input.locale,
          ...(input.prompt ? { prompt: input.prompt } : {}),
          ...(sourceLanguage ? { sourceLanguage } : {}),
          ...(input.context ? { context: input.context } : {}),
        }),
      );
      if (translation && !translation.fallback) await this.cache.set(key, JSON.stringify(translation), CACHE_TTL_MS);
      if (translation?.source === 'ai') {
        await this.memory.record({
          sourceLanguage: sourceLanguage ?? '',
          locale: input.locale,
          text: input.text,
          translation: translation.text,
          provider: this.provider.name,
        });
      }
    }
    const duration_s = Math.round(performance.now() - started) / 1000;
    if (translation === undefined) return { success: true, found: false, data: '', duration_s };
    return {
      success: true,
      found: true,
      data: translation.text,
      duration_s,
      source: translation.source,
      ...(translation.lemma ? { lemma: translation.lemma } : {}),
    };
  }

  /** The learner's own meaning of a word, or null. */
  async ownMeaning(userId: string, languageCode: LearningLanguage, word: string): Promise<string | null> {
    const row: { meaning: string } | undefined = await this.db('translation_own_meanings')
      .where({ user_id: userId, language: languageCode, word_key: meaningKey(word) })
      .first('meaning');
    return row?.meaning ?? null;
  }

  async translateMultiWords(input: Omit<TranslateInput, 'prompt'>): Promise<TranslationResult> {
    return this.translate({ ...input, prompt: await this.currentPrompt('multiWord') });
  }

  async checkArticle(name: string, content: string): Promise<ArticleCheck> {
    const prompt = await this.currentPrompt('publicArticleCheck');
    return this.call(() => this.provider.checkArticle({ prompt, name, content }));
  }

  async prompts(): Promise<PromptView[]> {
    const rows: PromptRow[] = await this.db('translation_prompts').select('*');
    return PROMPT_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return row
        ? { kind, prompt: row.prompt, version: row.version, updatedAt: new Date(row.updated_at).toISOString() }
        : { kind, prompt: DEFAULT_PROMPTS[kind], version: 0 };
    });
  }

  /** Every saved version of a prompt, newest first (admin). */
  async promptVersions(kind: PromptKind) {
    const rows: PromptRow[] = await this.db('translation_prompt_versions').where({ kind }).orderBy('version', 'desc').select('*');
    return rows.map((r) => ({
      version: r.version,
      prompt: r.prompt,
      updatedAt: new Date(r.updated_at).toISOString(),
      updatedBy: r.updated_by,
    }));
  }

  /** One version's text (version 0 is the built-in default), or undefined when there is no such version. */
  async promptAt(kind: PromptKind, version: number): Promise<string | undefined> {
    if (version === 0) return DEFAULT_PROMPTS[kind];
    const row: { prompt: string } | undefined = await this.db('translation_prompt_versions').where({ kind, version }).first('prompt');
    return row?.prompt;
  }

  /** The current version's number (0: the built-in default). */
  async currentVersion(kind: PromptKind): Promise<number> {
    const row: { version: number } | undefined = await this.db('translation_prompts').where({ kind }).first('version');
    return row?.version ?? 0;
  }

  /**
   * An admin's test of a prompt on a sample: straight to the provider, not through the cache, so the duration is
   * the real one and a draft never fills the cache. The moderation prompt answers with its verdict.
   */
  async runPrompt(
    kind: PromptKind,
    prompt: string,
    input: Omit<TranslateInput, 'prompt' | 'context'>,
  ): Promise<{ found: boolean; data: string; duration_s: number; source?: string }> {
    const started = performance.now();
    const seconds = () => Math.round(performance.now() - started) / 1000;
    if (kind === 'publicArticleCheck') {
      const verdict = await this.call(() => this.provider.checkArticle({ prompt, name: '', content: input.text }));
      return { found: true, data: verdict.ok ? 'Accepted' : `Declined: ${verdict.reason}`, duration_s: seconds() };
    }
    const sourceLanguage = input.languageCode ?? detectLanguage(input.text);
    const translation = await this.call(() =>
      this.provider.translate({ text: input.text, locale: input.locale, prompt, ...(sourceLanguage ? { sourceLanguage } : {}) }),
    );
    const duration_s = seconds();
    return translation
      ? { found: true, data: translation.text, duration_s, source: translation.source }
      : { found: false, data: '', duration_s };
  }

  private async currentPrompt(kind: PromptKind): Promise<string> {
    const row: { prompt: string } | undefined = await this.db('translation_prompts').where({ kind }).first('prompt');
    return row?.prompt ?? DEFAULT_PROMPTS[kind];
  }

  /**
   * Any provider failure (an upstream error, an unusable answer) reads as the spec's translation error, a 502;
   * the log gets what happened, never the request. A provider that knows no translation did not fail.
   */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      const err = e as Error & { status?: number };
      const invalid = e instanceof InvalidProviderResultError;
      this.log[invalid ? 'warn' : 'error'](
        {
          provider: this.provider.name,
          error: err.name,
          ...(err.status ? { status: err.status } : {}),
          ...(invalid ? { detail: err.message } : {}),
        },
        invalid ? 'translation provider gave an unusable result' : 'translation provider failed',
      );
      throw new HttpError(502, MESSAGES.other.translationError);
    }
  }
}
