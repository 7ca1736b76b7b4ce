import fs from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import type { LearningLanguage } from '@verba/contracts';
import { DICTIONARIES_DIR } from '../../../platform/data-files';
import { trimOldest, trimTarget } from '../../../platform/lru';

const TAB = 0x09;
const NEWLINE = 0x0a;
/** Meanings remembered across requests (words met again in the next article cost nothing). */
const REMEMBERED = 20_000;

/**
 * The first sense of a word in the bundled dictionary (`key<TAB>glosses<TAB>lemmas`, glosses split by "; "),
 * for "Learn these first". The library may not reach into translation's dictionary adapter, so it reads the
 * same files itself, without keeping them: the words of one request are found in one pass over the gzipped
 * file (stopped once past the last wanted key, the lines being sorted by their keys' bytes; about 0.1-0.2 s
 * for German), and their answers (none included) are remembered in a bounded map.
 *
 * Keys are the learner's (lower case): a capitalized headword answers for its key ("haus" finds "Haus") unless
 * the lower-case key has a sense of its own. Russian ё is looked up as е too.
 */
export class FirstMeanings {
  private readonly remembered = new Map<string, string | null>();

  constructor(private readonly dir: string = DICTIONARIES_DIR) {}

  async of(language: LearningLanguage, words: readonly string[]): Promise<Map<string, string | null>> {
    const answer = new Map<string, string | null>();
    const missing = new Set<string>();
    for (const word of words) {
      const known = this.remembered.get(`${language}:${word}`);
      if (known !== undefined) answer.set(word, known);
      else missing.add(word);
    }
    if (missing.size === 0) return answer;
    // Each wanted key, and the word it answers for (a Russian word with ё is also looked up with е).
    const wanted = new Map<string, string>();
    for (const word of missing) {
      wanted.set(word, word);
      if (language === 'ru' && word.includes('ё') && !wanted.has(word.replace(/ё/g, 'е'))) wanted.set(word.replace(/ё/g, 'е'), word);
    }
    const found = await this.scan(language, wanted);
    for (const word of missing) {
      const meaning = found.get(word) ?? null;
      answer.set(word, meaning);
      this.remembered.set(`${language}:${word}`, meaning);
    }
    if (this.remembered.size > REMEMBERED) trimOldest(this.remembered, trimTarget(REMEMBERED));
    return answer;
  }

  /** One pass over the language's dictionary: the first sense of each wanted key (exact key over a capitalized one). */
  private async scan(language: LearningLanguage, wanted: ReadonlyMap<string, string>): Promise<Map<string, string>> {
    const exact = new Map<string, string>();
    const capitalized = new Map<string, string>();
    const last = [...wanted.keys()].map((k) => Buffer.from(k)).reduce((a, b) => (Buffer.compare(a, b) >= 0 ? a : b));
    const source = fs.createReadStream(path.join(this.dir, `${language}.tsv.gz`));
    const lines = source.pipe(createGunzip());
    let carried = Buffer.alloc(0);
    try {
      read: for await (const chunk of lines as AsyncIterable<Buffer>) {
        const data = carried.length ? Buffer.concat([carried, chunk]) : chunk;
        let start = 0;
        for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
          const tab = data.indexOf(TAB, start);
          if (tab !== -1 && tab < end) {
            const keyBytes = data.subarray(start, tab);
            // Sorted by bytes, a capitalized key comes before its lower-case twin: past the last wanted key, none is left.
            if (Buffer.compare(keyBytes, last) > 0) break read;
            const key = keyBytes.toString('utf8');
            const lower = key.toLowerCase();
            const word = wanted.get(lower);
            if (word !== undefined) {
              let glossesEnd = data.indexOf(TAB, tab + 1);
              if (glossesEnd === -1 || glossesEnd > end) glossesEnd = end;
              const first = data
                .toString('utf8', tab + 1, glossesEnd)
                .split('; ')[0]
                ?.trim();
              if (first) (key === lower ? exact : capitalized).set(word, first);
            }
          }
          start = end + 1;
        }
        carried = Buffer.from(data.subarray(start));
      }
    } finally {
      lines.destroy();
      source.destroy();
    }
    const found = new Map(capitalized);
    for (const [word, meaning] of exact) found.set(word, meaning);
    return found;
  }
}

/** One per process, like the dictionaries it reads. */
export const firstMeanings = new FirstMeanings();
