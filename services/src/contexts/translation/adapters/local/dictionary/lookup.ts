import { wordKey, type LearningLanguage } from '@verba/contracts';
import type { DictionaryEntry } from './disk-dictionary';
import { romanNumeral, transliterate } from './names';

/** What the dictionary knows of one word of a text. */
export interface WordMeaning {
  glosses: string[];
  /**
   * The dictionary form the glosses belong to when the word is an inflected form of it: "essen" for
   * "gegessen", "campingplatz" for "Campingplätzen". A compound is not a form of its parts: "Apfelkuchen"
   * has none.
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

/**
 * German dictionaries keep a noun apart from the lower-case word spelt like it ("Essen" food, "essen" eat;
 * "Kleine" little one, "kleine" a form of klein) under its capitalized key, where there is such a pair.
 */
const capitalized = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/**
 * A word as the dictionary spells it: a German word written with a capital (a noun) under its capitalized
 * key first; Russian texts print ё where the dictionary may have е.
 */
function resolveSpelling(lexicon: Lexicon, language: LearningLanguage, key: string, capital: boolean): WordMeaning | undefined {
  const noun = language === 'de' && capital ? resolve(lexicon, capitalized(key)) : undefined;
  return noun ?? resolve(lexicon, key) ?? (language === 'ru' && key.includes('ё') ? resolve(lexicon, key.replace(/ё/g, 'е')) : undefined);
}

/** The parts of a German compound, longest first part first: "kontorhausviertel" -> kontor, haus, viertel. */
function compoundParts(lexicon: Lexicon, key: string, depth = 0): { key: string; meaning: WordMeaning }[] | undefined {
  if (depth > 3) return undefined;
  // A compound's parts are read as nouns first ("Mittagessen": the meal, not "eat").
  const part = (k: string) => resolveSpelling(lexicon, 'de', k, true);
  for (let cut = key.length - MIN_PART; cut >= MIN_PART; cut--) {
    const tail = part(key.slice(cut));
    if (!tail) continue;
    const head = key.slice(0, cut);
    const candidates = [
      head,
      ...LINKS.filter((l) => head.endsWith(l) && head.length - l.length >= MIN_PART).map((l) => head.slice(0, -l.length)),
    ];
    for (const candidate of candidates) {
      const whole = part(candidate);
      const parts = whole ? [{ key: candidate, meaning: whole }] : compoundParts(lexicon, candidate, depth + 1);
      if (parts) return [...parts, { key: key.slice(cut), meaning: tail }];
    }
  }
  return undefined;
}

/**
 * The parts' first glosses joined ("apple + cake"). Only an inflected last part makes the whole an inflected
 * form, of the word with that part's lemma: "Campingplätzen" -> "campingplatz"; "Apfelkuchen" is from nothing.
 */
function joinParts(word: string, parts: { key: string; meaning: WordMeaning }[]): WordMeaning {
  const last = parts[parts.length - 1]!;
  const lemma =
    last.meaning.kind === 'lemma' && !last.meaning.lemma!.includes(' / ')
      ? `${word.slice(0, word.length - last.key.length)}${last.meaning.lemma!.toLowerCase()}`
      : undefined;
  return { glosses: [parts.map((p) => p.meaning.glosses[0]).join(' + ')], kind: 'compound', ...(lemma ? { lemma } : {}) };
}

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
  return joinParts(key, meanings);
}

/** How the word is written in the text: like a name (a capital inside a sentence), in capitals ("XIX"), with a capital. */
interface Hints {
  asName: boolean;
  capitals: boolean;
  capital: boolean;
}

function lookUpKey(lexicon: Lexicon, language: LearningLanguage, key: string, hints: Hints): WordMeaning | undefined {
  const found = resolveSpelling(lexicon, language, key, hints.capital);
  if (found) return found;
  const roman = hints.capitals ? romanNumeral(key) : undefined;
  if (roman) return { glosses: [roman], kind: 'entry' };
  const hyphenated = key.includes('-') ? hyphenParts(lexicon, language, key, hints) : undefined;
  if (hyphenated) return hyphenated;
  const parts = language === 'de' && !key.includes('-') ? compoundParts(lexicon, key) : undefined;
  if (parts && parts.length > 1) return joinParts(key, parts);
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
  const capital = word.charAt(0) !== word.charAt(0).toLowerCase();
  const meaning = lookUpKey(lexicon, language, key, { asName: writtenAsName(word, sentence), capitals, capital });
  // A name keeps its capital: "Leipzig", "Masha".
  if (meaning?.kind === 'name') return { ...meaning, glosses: meaning.glosses.map((g) => g.charAt(0).toUpperCase() + g.slice(1)) };
  return meaning;
}
