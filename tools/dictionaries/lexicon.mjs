// One language's dictionary while it is being built: keys (lower-case words and short phrases), their
// English glosses with a score each, and the lemmas an inflected form belongs to. Written out as the
// sorted TSV the translation context reads (services/src/contexts/translation/adapters/local/dictionary).
import { normalizeKey } from './entries.mjs';

/** Glosses kept per key, and the longest gloss worth showing in a look-up. */
export const MAX_GLOSSES = 4;
export const MAX_GLOSS_LENGTH = 50;
/** Longest phrase kept (the local provider looks phrases up to four words long). */
export const MAX_KEY_WORDS = 4;
/** Lemmas kept for one inflected form ("стали": стать, сталь). */
export const MAX_LEMMAS = 3;

const KEY = /^[\p{L}\p{M}'-]+(?: [\p{L}\p{M}'-]+)*$/u;

/** A key worth keeping: letters (with inner apostrophes and hyphens), at most MAX_KEY_WORDS words. */
export function usableKey(key) {
  const elided = /^\p{L}+'$/u.test(key); // French "l'", "qu'"
  return KEY.test(key) && (elided || !/^['-]|['-]$/.test(key)) && key.split(' ').length <= MAX_KEY_WORDS;
}

/** A gloss scoring this much below the key's best is left out (an inverted or field word next to a plain one). */
export const CUTOFF = 450_000;

export class Lexicon {
  constructor() {
    /** @type {Map<string, { glosses: Map<string, number>, lemmas: Set<string> }>} */
    this.entries = new Map();
  }

  entry(key) {
    let e = this.entries.get(key);
    if (!e) this.entries.set(key, (e = { glosses: new Map(), lemmas: new Set() }));
    return e;
  }

  /** Adds a gloss under a headword (normalized here); the best score of a repeated gloss counts. */
  addGloss(headword, gloss, score) {
    const key = normalizeKey(headword);
    const text = gloss.trim();
    if (!usableKey(key) || !text || text.length > MAX_GLOSS_LENGTH || /[\t\n]/.test(text)) return;
    const glosses = this.entry(key).glosses;
    glosses.set(text, Math.max(score, glosses.get(text) ?? -Infinity));
  }

  hasGlosses(key) {
    return (this.entries.get(key)?.glosses.size ?? 0) > 0;
  }

  /** Has glosses of its own or through a lemma. */
  hasMeaning(key) {
    const e = this.entries.get(key);
    return !!e && (e.glosses.size > 0 || [...e.lemmas].some((l) => this.hasGlosses(l)));
  }

  /** The best `n` glosses of a key, or of its first lemma when it is an inflected form without any. */
  topGlosses(key, n) {
    const e = this.entries.get(key);
    if (!e) return [];
    if (!e.glosses.size) return e.lemmas.size ? this.topGlosses([...e.lemmas][0], n) : [];
    const ranked = [...e.glosses.entries()].sort((a, b) => b[1] - a[1]);
    return ranked.filter(([, score]) => score >= ranked[0][1] - CUTOFF).slice(0, n).map(([text]) => text);
  }

  /** Links an inflected form to its lemma; the lemma must have glosses of its own. */
  addLemma(form, lemma) {
    const key = normalizeKey(form);
    const target = normalizeKey(lemma);
    if (key === target || !usableKey(key) || key.includes(' ') || !this.hasGlosses(target)) return;
    const lemmas = this.entry(key).lemmas;
    if (lemmas.size < MAX_LEMMAS) lemmas.add(target);
  }

  /** Headwords with glosses (what the "at least 20,000 headwords" counts). */
  get headwordCount() {
    let n = 0;
    for (const e of this.entries.values()) if (e.glosses.size) n++;
    return n;
  }

  /**
   * `key<TAB>gloss; gloss<TAB>lemma|lemma` lines sorted by the UTF-8 bytes of the key, so a reader can
   * binary-search the file as it is. Glosses best first, at most MAX_GLOSSES.
   */
  toLines() {
    const lines = [];
    for (const [key, e] of this.entries) {
      if (!e.glosses.size && !e.lemmas.size) continue;
      const glosses = e.glosses.size ? this.topGlosses(key, MAX_GLOSSES) : [];
      lines.push({ key: Buffer.from(key), line: `${key}\t${glosses.join('; ')}\t${[...e.lemmas].join('|')}` });
    }
    lines.sort((a, b) => Buffer.compare(a.key, b.key));
    return lines.map((l) => l.line);
  }
}
