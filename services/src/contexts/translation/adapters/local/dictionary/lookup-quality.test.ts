import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEARNING_LANGUAGES, type LearningLanguage } from '@verba/contracts';
import type { TranslationMemory } from '../../../domain/memory';
import { createLocalProvider } from '../provider';
import { sharedDictionaries } from './dictionaries';
import { lookUpWord } from './lookup';

/**
 * lookup-quality.<lang>.json: common words a learner taps, each with the base form a teacher would name
 * (`null` when the word is a base form itself, and then nothing may be shown; several when the form really
 * belongs to several, "fue": ser / ir, any of which may be named first) and the first meanings a teacher would accept. Written from knowledge of the language, not
 * from what the dictionaries answer.
 */
interface Expected {
  word: string;
  base: string | string[] | null;
  meaning: string[];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
/**
 * Issue 36.7 asks for 97% per language: de 100%, fr 99.1%, es 98.2%, ru 98.2% (before the English word
 * counts, the route through German as a second opinion, German strong verbs and the readings rules: 88.8,
 * 86.2, 89.9, 93.4; with the follow-up's cases - modal verbs, capitalized German nouns - before its fixes:
 * 96.8, 94.6, 93.8, 93.6).
 */
const REQUIRED = 0.97;
const noMemory = { find: async () => new Map<string, string>() } as unknown as TranslationMemory;

const expectations = (language: LearningLanguage): Expected[] =>
  (JSON.parse(fs.readFileSync(path.join(HERE, `lookup-quality.${language}.json`), 'utf8')) as { entries: Expected[] }).entries;

/** Compared without case, a leading "to " or notes in brackets; ё as е (Russian texts and dictionaries mix them). */
const plain = (text: string) =>
  text
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/^to /, '')
    .replace(/ё/g, 'е')
    .trim();

/** What is wrong with the answer for one word, or undefined when a teacher would accept it. */
function miss(expected: Expected, answer: { text: string; lemma?: string } | undefined): string | undefined {
  if (!answer) return 'nothing found';
  const first = answer.text.split('; ')[0] ?? '';
  const shown = answer.lemma ? answer.lemma.split(' / ').map(plain) : [];
  const bases = expected.base === null ? [] : [expected.base].flat().map(plain);
  const problems: string[] = [];
  if (!expected.meaning.map(plain).includes(plain(first))) problems.push(`first meaning "${first}"`);
  if (bases.length === 0 && shown.length) problems.push(`"from ${answer.lemma}" for a base form`);
  // A form of two words shows both ("casas": from casa / casarse); the one named first must be right.
  if (bases.length && !bases.includes(shown[0] ?? '')) problems.push(`"from ${answer.lemma ?? '(nothing)'}"`);
  return problems.length ? problems.join(', ') : undefined;
}

describe('look-up quality: common words through the real local provider and the shipped dictionaries', () => {
  it.each(LEARNING_LANGUAGES)('%s: at least 97% of the common forms get the right base form and first meaning', async (language) => {
    const provider = createLocalProvider(noMemory);
    const entries = expectations(language);
    const misses: string[] = [];
    for (const expected of entries) {
      const answer = await provider.translate({ text: expected.word, locale: 'en', sourceLanguage: language });
      const problem = miss(expected, answer);
      if (problem)
        misses.push(`${expected.word}: ${problem} (answer "${answer?.text ?? ''}"${answer?.lemma ? `, from ${answer.lemma}` : ''})`);
    }
    const share = 1 - misses.length / entries.length;
    console.log(
      `look-up quality ${language}: ${(share * 100).toFixed(1)}% of ${entries.length} right${misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(entries.length).toBeGreaterThanOrEqual(100);
    expect(share).toBeGreaterThanOrEqual(REQUIRED);
  });

  // The provider answers some of these from the demo glossary first ("kann": can): the dictionaries alone must too.
  it.each([
    ['de', 'können', undefined, 'can'],
    ['de', 'kann', 'können', 'can'],
    ['de', 'Vögeln', 'vogel', 'bird'],
    ['de', 'Essen', undefined, 'meal|food'],
    ['fr', 'peut', 'pouvoir', 'can'],
    ['es', 'puede', 'poder', 'can'],
    ['ru', 'может', 'мочь', 'can'],
  ] as const)('%s "%s" in the dictionary alone: from %s, first meaning %s', async (language, word, lemma, first) => {
    const meaning = lookUpWord(await sharedDictionaries.get(language), language, word);
    expect(meaning?.lemma).toBe(lemma);
    expect(first.split('|')).toContain(meaning?.glosses[0]);
  });
});
