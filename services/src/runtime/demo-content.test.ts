import { describe, expect, it } from 'vitest';
import { ArticleInputSchema, LEARNING_LANGUAGES, SeriesInputSchema, splitWords, type Level } from '@verba/contracts';
import { demoArticles, demoLibrary } from '../contexts/library/seed';
import { cleanContent, plainText } from '../contexts/library/domain/sanitize';
import { GLOSSARIES } from '../contexts/translation/adapters/local/glossaries/index';
import { detectLanguage, tokenize, translateByLookup } from '../contexts/translation/adapters/local/glossary-text';
import { moderateLocally } from '../contexts/translation/adapters/local/moderation';

/** The first demo articles (files 01-16), the ones the glossaries were written for. */
const GLOSSARY_ARTICLES = 16;

/** The offline translation provider ships glossaries written for the first demo articles: they must fit them. */
describe('the shipped glossaries and the demo articles', () => {
  it('cover most running words of the easy articles and a good part of the harder ones', () => {
    for (const article of demoArticles().slice(0, GLOSSARY_ARTICLES)) {
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

const LEVELS_OFFERED: readonly Level[] = ['A1', 'A2', 'B1', 'B2', 'C1'];
/** Running words a text of each level should have: short simple texts first, long ones at C1. */
const WORDS_PER_LEVEL: Readonly<Record<string, readonly [number, number]>> = {
  A1: [80, 200],
  A2: [150, 300],
  B1: [200, 450],
  B2: [280, 600],
  C1: [370, 800],
};

describe('the demo library a new learner finds', () => {
  const { articles, series } = demoLibrary();

  for (const language of LEARNING_LANGUAGES) {
    it(`has at least 20 ${language} articles, three or more at each level A1-C1, in several categories`, () => {
      const mine = articles.filter((a) => a.languageCode === language);
      expect(mine.length).toBeGreaterThanOrEqual(20);
      for (const level of LEVELS_OFFERED) expect(mine.filter((a) => a.level === level).length, level).toBeGreaterThanOrEqual(3);
      expect(new Set(mine.map((a) => a.category)).size).toBeGreaterThanOrEqual(5);
    });

    it(`has two ${language} series of three or more parts, in the series' language`, () => {
      const mine = series.filter((s) => s.languageCode === language);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      for (const s of mine) {
        expect(s.articles.length, s.title).toBeGreaterThanOrEqual(3);
        for (const id of s.articles) expect(articles.find((a) => a.id === id)).toMatchObject({ languageCode: language, seriesId: s.id });
      }
    });
  }

  it('passes the checks an article written in the app passes: limits, cleaning changes nothing', () => {
    for (const a of articles) {
      const input = ArticleInputSchema.safeParse({
        languageCode: a.languageCode,
        name: a.name,
        category: a.category,
        generalDifficulty: a.level,
        content: a.content,
        isPrivate: false,
        seriesId: a.seriesId,
      });
      expect(input.error?.issues, a.name).toBeUndefined();
      expect(plainText(a.name), a.name).toBe(a.name);
      expect(cleanContent(a.content, 'text'), a.name).toBe(a.content);
    }
    for (const s of series) {
      expect(
        SeriesInputSchema.safeParse({ languageCode: s.languageCode, title: s.title, description: s.description, isPrivate: false }).error
          ?.issues,
        s.title,
      ).toBeUndefined();
      expect(plainText(s.description)).toBe(s.description);
      expect(moderateLocally(s.title, s.description), s.title).toEqual({ ok: true });
    }
  });

  it('has a length that fits each level, and no two articles share an id, a title or a paragraph', () => {
    for (const a of articles) {
      const [min, max] = WORDS_PER_LEVEL[a.level]!;
      const words = splitWords(a.content).length;
      expect(words >= min && words <= max, `${a.name} (${a.level}): ${words} words`).toBe(true);
    }
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    unique(articles.map((a) => a.id));
    unique([...articles.map((a) => a.id), ...series.map((s) => s.id)]);
    unique(articles.map((a) => a.name));
    unique(articles.flatMap((a) => a.content.split('\n\n')).filter((p) => p.length > 40));
  });

  it('numbers the parts of each series in reading order', () => {
    for (const s of series) {
      const names = s.articles.map((id) => articles.find((a) => a.id === id)!.name);
      expect(names, s.title).toEqual(names.map((_, i) => expect.stringContaining(`${s.title} (${i + 1})`)));
    }
  });
});
