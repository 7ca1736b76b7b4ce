import type { ArticleCheck, LearningLanguage, TranslationSource } from '@verba/contracts';

export interface TranslateRequest {
  text: string;
  /** The instruction; absent for a plain translation (the provider's own). */
  prompt?: string;
  /** Language to translate into, e.g. "en". */
  locale: string;
  /** Language of the text, when the caller or a guess knows it. */
  sourceLanguage?: LearningLanguage;
  /** The sentence a selected word is in (the dictionary tells names by it). */
  context?: string;
}

/** A provider's answer: the text, where it came from, and the dictionary form a word was found under. */
export interface Translation {
  text: string;
  source: TranslationSource;
  lemma?: string;
  /** The configured provider failed and this came from the offline dictionary instead (never cached). */
  fallback?: boolean;
}

export interface ArticleCheckRequest {
  prompt: string;
  name: string;
  content: string;
}

/** Translation port: OpenAI (or any OpenAI-compatible server), the local dictionary provider, and the first with the second as fallback. */
export interface TranslationProvider {
  /** Part of the cache key: one provider's answer is not served as another's. */
  readonly name: string;
  /**
   * The translation, or `undefined` when the provider knows none (the offline dictionary, glossaries and
   * memory have no word of the text): an ordinary answer, not a failure. A failure throws.
   */
  translate(request: TranslateRequest): Promise<Translation | undefined>;
  checkArticle(request: ArticleCheckRequest): Promise<ArticleCheck>;
}

/** The provider answered, but not with a usable result (empty, wrong shape, nothing it could translate). */
export class InvalidProviderResultError extends Error {
  override readonly name = 'InvalidProviderResultError';
}
