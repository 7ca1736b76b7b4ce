import type { ArticleCheck, LearningLanguage } from '@verba/contracts';

export interface TranslateRequest {
  text: string;
  /** The instruction; absent for a plain translation (the provider's own). */
  prompt?: string;
  /** Language to translate into, e.g. "en". */
  locale: string;
  /** Language of the text, when the caller or a guess knows it. */
  sourceLanguage?: LearningLanguage;
}

export interface ArticleCheckRequest {
  prompt: string;
  name: string;
  content: string;
}

/** Translation port: OpenAI (or any OpenAI-compatible server) and the local dictionary provider. */
export interface TranslationProvider {
  /** Part of the cache key: one provider's answer is not served as another's. */
  readonly name: string;
  /**
   * The translation, or `undefined` when the provider knows none (the local provider's glossaries and
   * memory have no word of the text): an ordinary answer, not a failure. A failure throws.
   */
  translate(request: TranslateRequest): Promise<string | undefined>;
  checkArticle(request: ArticleCheckRequest): Promise<ArticleCheck>;
}

/** The provider answered, but not with a usable result (empty, wrong shape, nothing it could translate). */
export class InvalidProviderResultError extends Error {
  override readonly name = 'InvalidProviderResultError';
}
