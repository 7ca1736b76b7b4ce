import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LEARNING_LANGUAGES, tokenize, type LearningLanguage } from '@verba/contracts';
import { DEMO_DATA_DIR, DICTIONARIES_DIR, parseMarkdown, readDataFiles } from '../../../../../platform/data-files';
import type { TranslationMemory } from '../../../domain/memory';
import { createLocalProvider } from '../provider';
import { sharedDictionaries } from './dictionaries';
import { lookUpWord } from './lookup';

/** The dictionaries as shipped in services/data/dictionaries, read the way the local provider reads them. */
const dictionary = (language: LearningLanguage) => sharedDictionaries.get(language);
const noMemory = { find: async () => new Map<string, string>() } as unknown as TranslationMemory;

describe('the shipped offline dictionaries', () => {
  it.each(LEARNING_LANGUAGES)(
    '%s has at least 20,000 headwords with English glosses, every line sorted and well formed',
    async (language) => {
      const lines = gunzipSync(fs.readFileSync(path.join(DICTIONARIES_DIR, `${language}.tsv.gz`)))
        .toString('utf8')
        .split('\n')
        .slice(0, -1);
      const headwords = lines.filter((line) => line.split('\t')[1] !== '').length;
      console.log(`dictionary ${language}: ${headwords.toLocaleString('en')} headwords, ${lines.length.toLocaleString('en')} keys`);
      expect(headwords).toBeGreaterThanOrEqual(20_000);
      expect(lines.filter((line) => line.split('\t').length !== 3)).toEqual([]);
      const keys = lines.map((line) => Buffer.from(line.split('\t')[0]!));
      expect(keys.findIndex((key, i) => i > 0 && Buffer.compare(keys[i - 1]!, key) >= 0)).toBe(-1);
      expect((await dictionary(language)).size).toBe(lines.length);
    },
  );

  // Inflected forms found through their dictionary form (lemma), per language.
  const LEMMAS: Record<LearningLanguage, [word: string, lemma: RegExp, gloss: RegExp][]> = {
    de: [
      ['gegessen', /^essen$/, /eaten/],
      ['Sterne', /^stern$/, /stars/],
      ['ist', /^sein$/, /\bis\b/],
      ['ging', /^gehen$/, /walked|went/],
      ['Häuser', /^haus$/, /houses/],
    ],
    fr: [
      ['mangeons', /^manger$/, /eat/],
      ['maisons', /^maison$/, /house/],
      ['finissaient', /^finir$/, /finish|end/],
      ['yeux', /^(oeil|œil)$/, /eye/],
      ['allons', /^aller$/, /go/],
    ],
    es: [
      ['comí', /^comer$/, /./],
      ['casas', /^casa\b/, /house/],
      ['fue', /\bser\b|\bir\b/, /be|go/],
      ['tengo', /^tener$/, /have|hold/],
      ['hablábamos', /^hablar$/, /speak|talk/],
    ],
    ru: [
      ['кошки', /^кошка$/, /cat/],
      ['домами', /^дом$/, /house|home/],
      ['лет', /^год$/, /year/],
      ['идёт', /^идти$/, /go/],
      ['книгу', /^книга$/, /book/],
    ],
  };

  it.each(LEARNING_LANGUAGES)('%s finds inflected forms through their lemma', async (language) => {
    const file = await dictionary(language);
    for (const [word, lemma, gloss] of LEMMAS[language]) {
      const meaning = lookUpWord(file, language, word);
      expect(meaning, word).toBeDefined();
      expect(meaning!.lemma, word).toMatch(lemma);
      expect(meaning!.glosses.join('; '), word).toMatch(gloss);
    }
  });

  it('translates "Zelt" and "Sterne", the words the issue found broken, offline', async () => {
    const provider = createLocalProvider(noMemory);
    expect(await provider.translate({ text: 'Zelt', locale: 'en', sourceLanguage: 'de' })).toEqual({ text: 'tent', source: 'dictionary' });
    expect((await provider.translate({ text: 'Sterne', locale: 'en', sourceLanguage: 'de' }))?.text).toMatch(/^stars/);
  });
});

describe('look-up coverage of the demo articles (every file in services/data/demo/articles)', () => {
  const articles = readDataFiles(path.join(DEMO_DATA_DIR, 'articles'), '.md').map(({ name, text }) => {
    const { attributes, body } = parseMarkdown(text, name);
    return { language: attributes['languageCode'] as LearningLanguage, body };
  });

  it.each(LEARNING_LANGUAGES)('%s: at least 95% of the distinct words get a translation offline', async (language) => {
    const provider = createLocalProvider(noMemory);
    const words = new Set<string>();
    const translated = new Set<string>();
    // Each word in its sentence, as the reader asks for it (the sentence tells a name from an unknown word).
    for (const { body } of articles.filter((a) => a.language === language)) {
      for (const sentence of body.split(/(?<=[.!?…])\s+|\n+/u)) {
        for (const token of tokenize(sentence)) {
          if (token.kind !== 'word' || translated.has(token.key)) continue;
          words.add(token.key);
          const answer = await provider.translate({ text: token.text, locale: 'en', sourceLanguage: language, context: sentence });
          if (answer?.text) translated.add(token.key);
        }
      }
    }
    const share = translated.size / words.size;
    const missing = [...words].filter((w) => !translated.has(w));
    console.log(
      `lookup coverage ${language}: ${(share * 100).toFixed(1)}% of ${words.size} distinct words; without a translation: ${missing.join(', ') || 'none'}`,
    );
    expect(words.size).toBeGreaterThan(100);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
