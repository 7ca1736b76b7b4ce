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
/** Unzipped in 1 MiB pieces: zlib's default 16 KiB ones cost a line split and a copy of the unfinished line each. */
const CHUNK = 1 << 20;

/**
 * The first sense of a word in the bundled dictionary (`key<TAB>glosses<TAB>lemmas`, glosses split by "; "),
 * for "Learn these first". The library may not reach into translation's dictionary adapter, so it reads the
 * same files itself, without keeping them: the words of one request are found in one pass over the gzipped
 * file (stopped once past the last wanted key, the lines being sorted by their keys' bytes; at most about
 * 0.25 s for German, 0.17 s for Russian), and their answers (none included) are remembered in a bounded map.
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
    // A dictionary that cannot be read leaves the words without meaning (not remembered: tried again next time).
    const found = await this.scan(language, wanted).catch(() => undefined);
    if (!found) {
      for (const word of missing) answer.set(word, null);
      return answer;
    }
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
    // The first two bytes of each wanted key and of its capitalized form: only lines starting so are decoded (most are not).
    const starts = new Set<number>();
    for (const key of wanted.keys()) {
      for (const form of [key, key.charAt(0).toUpperCase() + key.slice(1)])
        starts.add(startOf(Buffer.from(form), 0, Buffer.byteLength(form)));
    }
    const source = fs.createReadStream(path.join(this.dir, `${language}.tsv.gz`), { highWaterMark: CHUNK });
    const lines = source.pipe(createGunzip({ chunkSize: CHUNK }));
    // pipe() does not pass the file's error on (a missing file would leave the loop waiting forever).
    source.on('error', (error) => lines.destroy(error));
    let carried = Buffer.alloc(0);
    try {
      read: for await (const chunk of lines as AsyncIterable<Buffer>) {
        const data = carried.length ? Buffer.concat([carried, chunk]) : chunk;
        let start = 0;
        for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
          const tab = data.indexOf(TAB, start);
          if (tab !== -1 && tab < end) {
            // Sorted by bytes, a capitalized key comes before its lower-case twin: past the last wanted key, none is left.
            // (The first byte decides most lines without comparing the rest.)
            if (data[start]! > last[0]! || (data[start] === last[0] && data.compare(last, 0, last.length, start, tab) > 0)) break read;
            if (!starts.has(startOf(data, start, tab - start))) {
              start = end + 1;
              continue;
            }
            const key = data.toString('utf8', start, tab);
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

/** A key's first two bytes as one number (its one byte for a one-byte key). */
const startOf = (bytes: Buffer, at: number, length: number) => (length >= 2 ? 0x10000 + (bytes[at]! << 8) + bytes[at + 1]! : bytes[at]!);

/** One per process, like the dictionaries it reads. */
export const firstMeanings = new FirstMeanings();
