import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import type { LearningLanguage } from '@verba/contracts';
import { DICTIONARIES_DIR } from './data-files';

const TAB = 0x09;
const NEWLINE = 0x0a;
const PIPE = 0x7c;
/** Lines (or forms) built between two pauses of a load: some tens of milliseconds. */
const SLICE = 20_000;
/**
 * Unzipped in one output buffer larger than any dictionary (about 21 MB): above glibc's largest mmap threshold
 * (32 MB) it is mapped on its own and given back to the system when collected. zlib's default 16 KB chunks,
 * joined at the end, left about 55 MB more RSS after the four languages; this leaves about 25.
 */
const UNZIP = { chunkSize: 64 * 1024 * 1024 };

/** Two independent 32-bit hashes (FNV-1a and a multiplicative one) of a string's UTF-16 code units: 64 bits together. */
function hashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  // 0 marks an empty slot of the table.
  return [a | 0 || 1, b | 0];
}

/**
 * The base word (dictionary form) of each inflected form of one language, from the offline dictionary's
 * links (`key<TAB>glosses<TAB>lemmas`, as tools/dictionaries/build.mjs writes them): "ging", "gegangen",
 * "gehst" -> "gehen"; a word the dictionary does not link (a base word, a name, a word it lacks) is its own
 * base. Keys are the learner's word keys (contracts' wordKey: lower case), so the dictionary's capitalized
 * keys are read lower-cased; where a lower-case key exists too ("kleine", form of klein, beside the noun
 * "Kleine"), the lower-case key's link wins. A form linked to several bases ("fue": ir / ser) belongs to the
 * first the dictionary lists (the builder lists the likeliest first).
 *
 * Memory: an open-addressing table of 64-bit hashes of the forms (no form strings kept; a false match of a
 * word the table lacks is about 1 in 10^13 per look-up) and the distinct base words once each.
 */
export class BaseForms {
  private constructor(
    private readonly mask: number,
    private readonly first: Int32Array,
    private readonly second: Int32Array,
    /** Index into `bases` + 1 per slot; 0: empty, or a form with no link (a lower-case headword a capitalized key linked). */
    private readonly baseIndex: Int32Array,
    private readonly bases: string[],
    private readonly language: LearningLanguage,
    /** Forms linked to a base word other than themselves. */
    readonly size: number,
  ) {}

  /** Reads a gzipped dictionary (`<language>.tsv.gz`). */
  static async load(language: LearningLanguage, file = path.join(DICTIONARIES_DIR, `${language}.tsv.gz`)): Promise<BaseForms> {
    const data = await promisify(gunzip)(await fs.promises.readFile(file), UNZIP);
    // Built in slices, the event loop running between them: the first count of a language does not stall other requests.
    const building = BaseForms.build(language, data);
    for (let step = building.next(); ; step = building.next()) {
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Builds the table from the unzipped dictionary's bytes at once. */
  static fromTsv(language: LearningLanguage, data: Buffer): BaseForms {
    const building = BaseForms.build(language, data);
    for (;;) {
      const step = building.next();
      if (step.done) return step.value;
    }
  }

  /**
   * Builds the table, pausing (yielding) every SLICE lines. Two passes over the bytes: the first counts the
   * linked lines (the table's size), the second hashes each form into it as it reads it, keeping no string but
   * the base words: holding every form and lemma as strings until the end cost the projector thread some 80 MB of
   * RSS after the four languages.
   */
  private static *build(language: LearningLanguage, data: Buffer): Generator<void, BaseForms> {
    let linkedLines = 0;
    for (let start = 0, line = 1; start < data.length; line++) {
      if (line % SLICE === 0) yield;
      let end = data.indexOf(NEWLINE, start);
      if (end === -1) end = data.length;
      const tab = data.indexOf(TAB, start);
      const tab2 = tab === -1 || tab > end ? -1 : data.indexOf(TAB, tab + 1);
      if (tab2 !== -1 && tab2 + 1 < end) linkedLines++;
      start = end + 1;
    }
    let capacity = 1024;
    while (capacity < linkedLines * 2) capacity *= 2;
    const mask = capacity - 1;
    const first = new Int32Array(capacity);
    const second = new Int32Array(capacity);
    const baseIndex = new Int32Array(capacity);
    const bases: string[] = [];
    const indexOfBase = new Map<string, number>();
    let size = 0;
    /** The slot of a form: its own, or the empty one where it goes. */
    const slotOf = (form: string): number => {
      const [a, b] = hashes(form);
      let slot = a & mask;
      while (first[slot] !== 0 && (first[slot] !== a || second[slot] !== b)) slot = (slot + 1) & mask;
      first[slot] = a;
      second[slot] = b;
      return slot;
    };
    for (let start = 0, line = 1; start < data.length; line++) {
      if (line % SLICE === 0) yield;
      let end = data.indexOf(NEWLINE, start);
      if (end === -1) end = data.length;
      const tab = data.indexOf(TAB, start);
      const tab2 = tab === -1 || tab > end ? -1 : data.indexOf(TAB, tab + 1);
      if (tab2 !== -1 && tab2 < end) {
        const key = data.toString('utf8', start, tab);
        const lower = key.toLowerCase();
        if (tab2 + 1 < end) {
          let lemmaEnd = data.indexOf(PIPE, tab2 + 1);
          if (lemmaEnd === -1 || lemmaEnd > end) lemmaEnd = end;
          let lemma = data.toString('utf8', tab2 + 1, lemmaEnd).toLowerCase();
          // "gingen" -> gehen|ging: the first lemma that is not the form itself.
          if (lemma === lower && lemmaEnd < end) {
            const next = data.indexOf(PIPE, lemmaEnd + 1);
            lemma = data.toString('utf8', lemmaEnd + 1, next === -1 || next > end ? end : next).toLowerCase();
          }
          if (lemma && lemma !== lower) {
            let index = indexOfBase.get(lemma);
            if (index === undefined) {
              index = bases.push(lemma);
              indexOfBase.set(lemma, index);
            }
            // Sorted by bytes, a capitalized key comes before its lower-case twin, whose link then wins.
            const slot = slotOf(lower);
            if (baseIndex[slot] === 0) size++;
            baseIndex[slot] = index;
          }
        } else if (key === lower) {
          // A lower-case headword without a link: a capitalized key's link (read before it) must not claim it.
          const [a, b] = hashes(lower);
          for (let slot = a & mask; first[slot] !== 0; slot = (slot + 1) & mask) {
            if (first[slot] === a && second[slot] === b) {
              if (baseIndex[slot] !== 0) size--;
              baseIndex[slot] = 0;
              break;
            }
          }
        }
      }
      start = end + 1;
    }
    return new BaseForms(mask, first, second, baseIndex, bases, language, size);
  }

  private linked(key: string): string | undefined {
    const [a, b] = hashes(key);
    for (let slot = a & this.mask; this.first[slot] !== 0; slot = (slot + 1) & this.mask) {
      if (this.first[slot] === a && this.second[slot] === b) {
        const index = this.baseIndex[slot]!;
        return index === 0 ? undefined : this.bases[index - 1];
      }
    }
    return undefined;
  }

  /** The base word of a word key (contracts' wordKey); the key itself when the dictionary links it to none. */
  baseOf(key: string): string {
    const base = this.linked(key);
    if (base !== undefined) return base;
    // Russian texts print ё where the dictionary may have е.
    if (this.language === 'ru' && key.includes('ё')) return this.linked(key.replace(/ё/g, 'е')) ?? key;
    return key;
  }
}

/**
 * Base forms per language, each read on its first use and then kept for the process (a process that only
 * counts German never reads Russian). A failed read (a missing file) is tried again next time.
 */
export class SharedBaseForms {
  private readonly loading = new Map<LearningLanguage, Promise<BaseForms>>();
  private readonly loaded = new Map<LearningLanguage, BaseForms>();

  constructor(private readonly dir: string = DICTIONARIES_DIR) {}

  private file(language: LearningLanguage): string {
    return path.join(this.dir, `${language}.tsv.gz`);
  }

  of(language: LearningLanguage): Promise<BaseForms> {
    let loading = this.loading.get(language);
    if (!loading) {
      loading = BaseForms.load(language, this.file(language));
      loading.then(
        (forms) => this.loaded.has(language) || this.loaded.set(language, forms),
        () => this.loading.delete(language),
      );
      this.loading.set(language, loading);
    }
    return loading;
  }

  /**
   * The language's base forms now, for code that cannot wait (a projection's pure, synchronous handlers): the
   * table already read, or else read at once, blocking this thread for the whole parse (de about 0.7 s; a
   * projector runs in its own thread). Later calls answer this table (an `of` already under way builds an equal one).
   */
  now(language: LearningLanguage): BaseForms {
    let forms = this.loaded.get(language);
    if (!forms) {
      forms = BaseForms.fromTsv(language, gunzipSync(fs.readFileSync(this.file(language)), UNZIP));
      this.loaded.set(language, forms);
      if (!this.loading.has(language)) this.loading.set(language, Promise.resolve(forms));
    }
    return forms;
  }
}

export const baseForms = new SharedBaseForms();
