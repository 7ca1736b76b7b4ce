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
/**
 * What each further mention of the same gloss (another sense entry of the word, the dictionary of the other
 * direction) adds to its best score, for at most two: a translation several sources agree on is the usual one.
 */
export const CORROBORATION = 150_000;
/** A pronunciation, not a meaning ("/tsˈeː/", "tsˈeː"): IPA letters (a slash alone is no sign: "I/he/she went"). */
export const PHONETIC = /[ˈˌːəɛɔʊɪʃʒθðŋɾɐʁ]/u;

const capitalized = (key) => key.charAt(0).toUpperCase() + key.slice(1);

/** An English gloss compared with another: lower case, without "to" and the "sth."/"sb." of a verb's object. */
export const englishKey = (text) =>
  text
    .toLowerCase()
    .replace(/^to /, '')
    .replace(/\b(?:sth|sb)\.(?:'s)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export class Lexicon {
  /**
   * `cased` (German): a headword written with a capital (a noun) is kept apart from one written in lower
   * case ("Essen" food, "essen" eat; "Kleine" little one, "kleine" a form of klein) until written out.
   */
  constructor({ cased = false } = {}) {
    this.cased = cased;
    /** @type {Map<string, { glosses: Map<string, { best: number, mentions: number }>, lemmas: Set<string> }>} */
    this.entries = new Map();
  }

  /** The key of a headword: normalized, and in a cased lexicon with the capital it was written with. */
  keyOf(headword) {
    const key = normalizeKey(headword);
    const first = headword.trim().normalize('NFC').charAt(0);
    return this.cased && first !== first.toLowerCase() ? capitalized(key) : key;
  }

  /**
   * The key under which `key` has entries: itself, or in a cased lexicon its other spelling, the one with
   * glosses first ("katze", a form hunspell gives, has none; "Katze" the noun has).
   */
  find(key) {
    if (!this.cased) return key;
    const other = key.charAt(0) === key.charAt(0).toLowerCase() ? capitalized(key) : key.toLowerCase();
    const glossed = (k) => (this.entries.get(k)?.glosses.size ?? 0) > 0;
    if (glossed(key)) return key;
    if (glossed(other)) return other;
    return this.entries.has(key) || !this.entries.has(other) ? key : other;
  }

  entry(key) {
    let e = this.entries.get(key);
    if (!e) this.entries.set(key, (e = { glosses: new Map(), lemmas: new Set() }));
    return e;
  }

  /**
   * Adds a gloss under a headword (normalized here); a repeated gloss keeps its best score and counts the
   * mention (unless `mention` is false: a mention that confirms nothing). `plain` is false for a word a
   * source marks as one field's or register's ("[vulg.] fuck", "[chem.] nitrogen").
   */
  addGloss(headword, gloss, score, mention = true, plain = true) {
    const key = this.keyOf(headword);
    const text = gloss.trim();
    if (!usableKey(key.toLowerCase()) || !text || text.length > MAX_GLOSS_LENGTH || /[\t\n]/.test(text) || PHONETIC.test(text)) return;
    const glosses = this.entry(key).glosses;
    const known = glosses.get(text);
    if (!known) glosses.set(text, { best: score, mentions: mention ? 1 : 0, plain });
    else
      Object.assign(known, {
        best: Math.max(score, known.best),
        mentions: known.mentions + (mention ? 1 : 0),
        plain: known.plain || plain,
      });
  }

  /** Has glosses, each of them only a field's or register's word ("Vögeln": [vulg.] fuck, screw). */
  specialist(key) {
    const glosses = [...(this.entries.get(this.find(key))?.glosses.values() ?? [])];
    return glosses.length > 0 && glosses.every((g) => g.plain === false);
  }

  /** Notes what a gloss of the key translates the word as: 'v' (a verb) or 'n' (a noun). */
  markSense(headword, english, sense) {
    if (!sense) return;
    const e = this.entries.get(this.find(this.keyOf(headword)));
    const target = englishKey(english);
    for (const [text, g] of e?.glosses ?? []) {
      if (englishKey(text) !== target) continue;
      g.senses ??= new Set();
      g.senses.add(sense);
    }
  }

  /** What the gloss translates the word as ('v', 'n'), as far as known. */
  senses(key, text) {
    return this.entries.get(this.find(key))?.glosses.get(text)?.senses ?? new Set();
  }

  /** Has this gloss (compared as englishKey: "to eat" is "eat"). */
  hasGloss(headword, english) {
    const target = englishKey(english);
    return [...(this.entries.get(this.find(this.keyOf(headword)))?.glosses.keys() ?? [])].some((t) => englishKey(t) === target);
  }

  hasGlosses(key) {
    return (this.entries.get(this.find(key))?.glosses.size ?? 0) > 0;
  }

  /** Has glosses of its own or through a lemma. */
  hasMeaning(key) {
    const e = this.entries.get(this.find(key));
    return !!e && (e.glosses.size > 0 || [...e.lemmas].some((l) => this.hasGlosses(l)));
  }

  /**
   * Another source confirms that `english` translates `headword` (a dictionary of the other direction lists
   * the word for it, or the route through German reaches it): the gloss, if the key has it, gains `bonus`
   * once per source. Never adds a gloss.
   */
  attest(headword, english, source, bonus) {
    const e = this.entries.get(this.find(this.keyOf(headword)));
    if (!e?.glosses.size) return;
    const target = englishKey(english);
    for (const [text, g] of e.glosses) {
      if (englishKey(text) !== target) continue;
      g.attested ??= {};
      g.attested[source] = Math.max(g.attested[source] ?? 0, bonus);
    }
  }

  /** The glosses of a key with their final scores, best first. */
  ranked(key) {
    const e = this.entries.get(this.find(key));
    if (!e) return [];
    const attested = (g) => (g.attested ? Object.values(g.attested).reduce((a, b) => a + b, 0) : 0);
    return [...e.glosses.entries()]
      .map(([text, g]) => [text, g.best + Math.max(0, Math.min(g.mentions - 1, 2)) * CORROBORATION + attested(g)])
      .sort((a, b) => b[1] - a[1]);
  }

  /** The best `n` glosses of a key, or of its first lemma when it is an inflected form without any. */
  topGlosses(key, n) {
    const e = this.entries.get(this.find(key));
    if (!e) return [];
    if (!e.glosses.size) return e.lemmas.size ? this.topGlosses([...e.lemmas][0], n) : [];
    const ranked = this.ranked(key);
    return ranked
      .filter(([, score]) => score >= ranked[0][1] - CUTOFF)
      .slice(0, n)
      .map(([text]) => text);
  }

  /** Links an inflected form to its lemma; the lemma must have glosses of its own. */
  addLemma(form, lemma) {
    const key = this.keyOf(form);
    const target = this.find(this.keyOf(lemma));
    if (key === target || !usableKey(key.toLowerCase()) || key.includes(' ') || !this.hasGlosses(target)) return;
    const lemmas = this.entry(key).lemmas;
    if (lemmas.size < MAX_LEMMAS) lemmas.add(target);
  }

  /**
   * Puts a gloss first: it scores one more than the key's best (and is added if the key lacks it), so no
   * other gloss falls under the cut-off for it.
   */
  promote(key, text) {
    const e = this.entries.get(this.find(key));
    if (!e) return;
    if (!e.glosses.has(text)) e.glosses.set(text, { best: 0, mentions: 0 });
    const ranked = this.ranked(key);
    if (ranked[0][0] === text) return;
    e.glosses.get(text).best += ranked[0][1] + 1 - ranked.find(([t]) => t === text)[1];
  }

  /** Replaces the lemmas of a form (in this order). */
  setLemmas(key, lemmas) {
    const e = this.entries.get(key);
    if (e) e.lemmas = new Set(lemmas);
  }

  /** Drops the glosses a form has of its own (they came from a weaker source than its lemma's). */
  dropGlosses(key) {
    this.entries.get(key)?.glosses.clear();
  }

  /** Headwords with glosses (what the "at least 20,000 headwords" counts). */
  get headwordCount() {
    let n = 0;
    for (const e of this.entries.values()) if (e.glosses.size && !e.copied) n++;
    return n;
  }

  /**
   * `key<TAB>gloss; gloss<TAB>lemma|lemma` lines sorted by the UTF-8 bytes of the key, so a reader can
   * binary-search the file as it is. Glosses best first, at most MAX_GLOSSES.
   */
  toLines() {
    const lines = [];
    const used = (key) => {
      const e = this.entries.get(key);
      return !!e && (e.glosses.size > 0 || e.lemmas.size > 0);
    };
    // A capitalized key stays apart only where the same word in lower case is another one; else it is written in lower case.
    const written = (key) => (key === key.toLowerCase() || used(key.toLowerCase()) ? key : key.toLowerCase());
    for (const [key, e] of this.entries) {
      if (!used(key)) continue;
      const glosses = e.glosses.size ? this.topGlosses(key, MAX_GLOSSES) : [];
      const out = written(key);
      lines.push({ key: Buffer.from(out), line: `${out}\t${glosses.join('; ')}\t${[...new Set([...e.lemmas].map(written))].join('|')}` });
    }
    lines.sort((a, b) => Buffer.compare(a.key, b.key));
    return lines.map((l) => l.line);
  }
}
