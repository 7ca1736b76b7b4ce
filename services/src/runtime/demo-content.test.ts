import { describe, expect, it } from 'vitest';
import { demoArticles } from '../contexts/library/seed';
import { GLOSSARIES } from '../contexts/translation/adapters/local/glossaries/index';
import { detectLanguage, tokenize, translateByLookup } from '../contexts/translation/adapters/local/glossary-text';
import { moderateLocally } from '../contexts/translation/adapters/local/moderation';

/** The offline translation provider ships glossaries written for the demo articles: they must fit them. */
describe('the shipped glossaries and the demo articles', () => {
  it('cover most running words of the easy articles and a good part of the harder ones', () => {
    for (const article of demoArticles()) {
      const words = tokenize(article.content).filter((t) => t.word).length;
      const { known } = translateByLookup(article.content, (key) => GLOSSARIES[article.languageCode][key]);
      expect(known / words, article.name).toBeGreaterThan(article.level.startsWith('A') ? 0.6 : 0.35);
    }
  });

  it("guess each article's language from its text", () => {
    for (const article of demoArticles()) expect(detectLanguage(article.content), article.name).toBe(article.languageCode);
  });

  it('let every demo article pass the local moderation', () => {
    for (const article of demoArticles()) expect(moderateLocally(article.name, article.content), article.name).toEqual({ ok: true });
  });
});
