import type { Logger } from '../../../platform/logger';
import type { TranslationProvider } from './port';

/**
 * The configured provider (OpenAI) with the offline one behind it: when the first fails (down, out of
 * quota, an unusable answer), the learner still gets the dictionary's answer, marked `fallback` so it is
 * not cached in the AI's place. The log gets what failed (status and error name, never the request).
 * Moderation has no fallback: a local check is no stand-in for the admins' AI prompt.
 */
export function withFallback(primary: TranslationProvider, fallback: TranslationProvider, log: Logger): TranslationProvider {
  return {
    name: primary.name,
    async translate(request) {
      try {
        return await primary.translate(request);
      } catch (e) {
        const err = e as Error & { status?: number };
        log.warn(
          { provider: primary.name, error: err.name, ...(err.status ? { status: err.status } : {}) },
          'translation provider failed; answering from the offline dictionary',
        );
        const answer = await fallback.translate(request);
        return answer && { ...answer, fallback: true };
      }
    },
    checkArticle: (request) => primary.checkArticle(request),
  };
}
