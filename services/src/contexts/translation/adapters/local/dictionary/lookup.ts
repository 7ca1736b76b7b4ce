import { wordKey, type LearningLanguage } from '@verba/contracts';
import type { DictionaryEntry } from './disk-dictionary';
import { romanNumeral, transliterate } from './names';

/** What the dictionary knows of one word of a text. */
export interface WordMeaning {
  glosses: string[];
  /**
   * The dictionary form the glosses belong to when it is not the word itself: "essen" for "gegessen",
   * "apfel + kuchen" for "Apfelkuchen".
   */
  lemma?: string;
  /**
   * entry: the word is a headword; lemma: found through its dictionary form; compound: its parts are;
   * name: not in the dictionary but written as a name, so it stands for itself.
   */
  kind: 'entry' | 'lemma' | 'compound' | 'name';
}

export interface Lexicon {
  get(key: string): DictionaryEntry | undefined;
}

/** The shortest part of a German compound worth looking up ("Ei" in "Eiweiß" is not tried). */
const MIN_PART = 3;
/** Linking letters between the parts of a German compound: "Arbeit-s-zimmer", "Sonne-n-schein". */
const LINKS = ['s', 'es', 'n', 'en', 'e', 'er'];

/** Lemmas shown for a form that belongs to several ("fue": ir / ser, "стали": сталь / стать). */
const MAX_LEMMAS = 2;

/** Glosses of a key, or of its lemmas (the best two glosses of each when there are two). */
function resolve(lexicon: Lexicon, key: string): WordMeaning | undefined {
  const entry = lexicon.get(key);
  if (!entry) return undefined;
  const lemmas = entry.lemmas.filter((l) => l !== key && (lexicon.get(l)?.glosses.length ?? 0) > 0).slice(0, MAX_LEMMAS);
  if (entry.glosses.length) return { glosses: entry.glosses, kind: 'entry', ...(lemmas[0] ? { lemma: lemmas[0] } : {}) };
  if (!lemmas.length) return undefined;
  const glosses = lemmas.length === 1 ? lexicon.get(lemmas[0]!)!.glosses : lemmas.flatMap((l) => lexicon.get(l)!.glosses.slice(0, 2));
  return { glosses, lemma: lemmas.join(' / '), kind: 'lemma' };
}

/** A word as the dictionary spells it: Russian texts print ё where the dictionary may have е. */
function resolveSpelling(lexicon: Lexicon, language: LearningLanguage, key: string): WordMeaning | undefined {
  return resolve(lexicon, key) ?? (language === 'ru' && key.includes('ё') ? resolve(lexicon, key.replace(/ё/g, 'е')) : undefined);
}

/** The parts of a German compound, longest first part first: "kontorhausviertel" -> kontor, haus, viertel. */
function compoundParts(lexicon: Lexicon, key: string, depth = 0): { key: string; meaning: WordMeaning }[] | undefined {
  if (depth > 3) return undefined;
  for (let cut = key.length - MIN_PART; cut >= MIN_PART; cut--) {
    const tail = resolve(lexicon, key.slice(cut));
    if (!tail) continue;
    const head = key.slice(0, cut);
    const candidates = [head, ...LINKS.filter((l) => head.endsWith(l) && head.length - l.length >= MIN_PART).map((l) => head.slice(0, -l.length))];
    for (const candidate of candidates) {
      const whole = resolve(lexicon, candidate);
      const parts = whole ? [{ key: candidate, meaning: whole }] : compoundParts(lexicon, candidate, depth + 1);
      if (parts) return [...parts, { key: key.slice(cut), meaning: tail }];
    }
  }
  return undefined;
}

const joinParts = (parts: { key: string; meaning: WordMeaning }[]): WordMeaning => ({
  glosses: [parts.map((p) => p.meaning.glosses[0]).join(' + ')],
  lemma: parts.map((p) => p.meaning.lemma ?? p.key).join(' + '),
  kind: 'compound',
});

/** Each part of a hyphenated word ("Unesco-Welterbe", "avait-il"); numbers ("1960er") stand for themselves. */
function hyphenParts(lexicon: Lexicon, language: LearningLanguage, key: string, hints: Hints): WordMeaning | undefined {
  const parts = key.split('-').filter(Boolean);
  if (parts.length < 2) return undefined;
  const meanings: { key: string; meaning: WordMeaning }[] = [];
  for (const part of parts) {
    const meaning = /\p{N}/u.test(part) ? { glosses: [part], kind: 'entry' as const } : lookUpKey(lexicon, language, part, hints);
    if (!meaning) return undefined;
    meanings.push({ key: part, meaning });
  }
  return joinParts(meanings);
}

/** How the word is written in the text: like a name (a capital inside a sentence), in capitals ("XIX"). */
interface Hints {
  asName: boolean;
  capitals: boolean;
}

function lookUpKey(lexicon: Lexicon, language: LearningLanguage, key: string, hints: Hints): WordMeaning | undefined {
  const found = resolveSpelling(lexicon, language, key);
  if (found) return found;
  const roman = hints.capitals ? romanNumeral(key) : undefined;
  if (roman) return { glosses: [roman], kind: 'entry' };
  const hyphenated = key.includes('-') ? hyphenParts(lexicon, language, key, hints) : undefined;
  if (hyphenated) return hyphenated;
  const parts = language === 'de' && !key.includes('-') ? compoundParts(lexicon, key) : undefined;
  if (parts && parts.length > 1) return joinParts(parts);
  if (hints.asName) return { glosses: [language === 'ru' ? transliterate(key) : key], kind: 'name' };
  return undefined;
}

/** True when `word` is written with a capital inside `sentence`, not as its first word: a name, most likely. */
export function writtenAsName(word: string, sentence: string | undefined): boolean {
  if (!sentence || word.charAt(0) === word.charAt(0).toLowerCase()) return false;
  const at = sentence.indexOf(word);
  return at > 0 && !/(^|[.!?…:;«»"“„])[\s"'“”„«»¿¡(—–-]*$/u.test(sentence.slice(0, at));
}

/**
 * Looks a word up: the word, its lemmas (inflected forms were linked to their dictionary forms when the
 * dictionary was built), a respelling (ё/е), a Roman numeral, the parts of a hyphenated word or of a German
 * compound, and last, when the sentence writes it like a name, the name itself (transliterated from
 * Cyrillic). `undefined` when none of these knows it.
 */
export function lookUpWord(lexicon: Lexicon, language: LearningLanguage, word: string, sentence?: string): WordMeaning | undefined {
  const key = wordKey(word);
  if (!key) return undefined;
  const capitals = word.length > 1 && word === word.toUpperCase();
  const meaning = lookUpKey(lexicon, language, key, { asName: writtenAsName(word, sentence), capitals });
  // A name keeps its capital: "Leipzig", "Masha".
  if (meaning?.kind === 'name') return { ...meaning, glosses: meaning.glosses.map((g) => g.charAt(0).toUpperCase() + g.slice(1)) };
  return meaning;
}
