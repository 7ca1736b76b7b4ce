// German lemmas the hunspell rules cannot give: igerman98 lists strong participles and irregular forms
// as words of their own ("gegessen", "ging"), but FreeDict's German-English entries for such forms point
// at their lemma in the "see:" line ("gegessen ... see: {essen}, {essend}, ..."). Those lines also list
// synonyms and their forms ("Brötchen ... see: {Stulle}", "haben ... see: {besitzt}"), so a reference
// counts only when it is a form of the same word: spelt like it (`related`), never through a shared gloss.
import { normalizeKey } from './entries.mjs';

/** Tags of an entry that is a lemma itself (a noun's singular, a verb's infinitive, an adjective). */
const LEMMA_TAGS = new Set(['masc', 'fem', 'neut', 'v', 'adj', 'adv', 'conj', 'prep', 'pron', 'art', 'num']);
const SINGLE_WORD = /^\p{L}+$/u;

const umlautless = (word) => normalizeKey(word).replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
/** The consonants of a stem without its participle "ge-" and its ending: gefunden, finden -> "fnd". */
const skeleton = (word, prefix = /^$/) =>
  umlautless(word)
    .replace(prefix, '')
    .replace(/(?:end|en|et|t|n|e)$/, '')
    .replace(/[aeiouy]/g, '');
/** "ge-" of a participle, or "ge-g" of one whose stem starts with a vowel ("gegessen"). */
const PARTICIPLE = [/^$/, /^ge(?=..)/, /^geg(?=..)/];

/**
 * A form of `lemma` by its spelling: it begins like the lemma's stem ("Häuser" / "Haus", "verstanden" /
 * "verstehen"), or has the lemma's consonants once the participle's "ge-" and the endings are off
 * ("gefunden" / "finden", "geschrieben" / "schreiben"). "Stulle" is no form of "Brötchen", nor "Neuling"
 * of "neuen", nor "hegend" of "haben".
 */
export function related(form, lemma) {
  const f = umlautless(form);
  const l = umlautless(lemma);
  if (f.startsWith(l.slice(0, Math.max(3, Math.min(l.length - 3, 5))))) return true;
  const s = skeleton(lemma);
  return s.length >= 2 && PARTICIPLE.some((prefix) => skeleton(form, prefix) === s);
}
/** A strong verb's conjugated form keeps at least the first letter ("ging" / "gehen", "sah" / "sehen"). */
const sameStart = (form, lemma) => umlautless(form).charAt(0) === umlautless(lemma).charAt(0);

/** A plural begins with its singular's stem, umlauts aside: "Häuser" / "Haus", "Katzen" / "Katze", not "Brötchen" / "Brötli". */
const pluralOf = (form, lemma) => umlautless(form).startsWith(umlautless(lemma).replace(/e$/, ''));

/**
 * [form, lemma] pairs from parsed deu-eng entries, the form as its entry writes it ("Häuser", a noun's);
 * `hasGlosses` tells which lemmas the dictionary has. A lemma is a word with an entry of its own as a
 * singular noun, an infinitive or an adjective ("kaufen", not the participle "kaufend").
 */
export function germanLemmaHints(parsed, hasGlosses) {
  const lemmaWords = new Set(parsed.filter(({ tags }) => tags.some((t) => LEMMA_TAGS.has(t)) && !tags.includes('pl')).map(({ headword }) => normalizeKey(headword)));
  const votes = new Map();
  for (const { headword, tags, see } of parsed) {
    if (!SINGLE_WORD.test(headword) || (tags.some((t) => LEMMA_TAGS.has(t)) && !tags.includes('pl'))) continue;
    const form = normalizeKey(headword);
    const like = tags.includes('pl') ? pluralOf : related;
    // References may be synonyms ("Essen <pl> chimneys, see: {Kamin}"): only a form of the same word counts.
    const lemma = see.filter((s) => SINGLE_WORD.test(s)).map(normalizeKey).find((s) => s !== form && lemmaWords.has(s) && like(form, s));
    if (!lemma) continue;
    const tally = votes.get(headword) ?? new Map();
    tally.set(lemma, (tally.get(lemma) ?? 0) + 1);
    votes.set(headword, tally);
  }
  const pairs = [];
  for (const [form, tally] of votes) {
    // Most votes, then the longer lemma ("Katzen": Katze, not Katz).
    const [best] = [...tally].filter(([lemma]) => hasGlosses(lemma)).sort((a, b) => b[1] - a[1] || b[0].length - a[0].length);
    if (best) pairs.push([form, best[0]]);
  }
  return pairs;
}

const PRONOUNS = '(?:ich|du|er|sie|es|wir|ihr|man)';
/** "ich/er/sie aß", "er/sie/es ist": a verb form under the pronouns it goes with. */
const CONJUGATED = new RegExp(`^${PRONOUNS}(?:/${PRONOUNS})*\\s+(\\p{L}+)$`, 'u');
const ENGLISH_PRONOUNS = /^(?:I|you|he|she|it|we|they|one)(?:\/(?:I|you|he|she|it|we|they|one))*\s+/u;

/** The verb form of a headword such as "ich/er/sie aß" ("aß"), or undefined. */
export function conjugatedForm(headword) {
  return CONJUGATED.exec(headword)?.[1];
}

/** "I/he/she ate" -> "ate": the gloss of a conjugated form without its pronouns. */
export const withoutPronouns = (gloss) => gloss.replace(ENGLISH_PRONOUNS, '');

/**
 * [form, lemma] pairs from the paradigms verb entries list in their "see:" line: the entry for "gehen"
 * refers to {gehend}, {gegangen}, {ich/er/sie ging}, {er/sie geht} ... The line also lists the forms of the
 * entry's synonyms ("haben ... see: {besitzend}, {besitzt}"): a form must be spelt like the verb. The few
 * forms that are not ("ist", "war" of "sein") are in supplement/de.tsv.
 */
export function germanParadigmLinks(parsed) {
  const pairs = [];
  for (const { headword, tags, see } of parsed) {
    if (!tags.includes('v') || !SINGLE_WORD.test(headword)) continue;
    for (const ref of see) {
      const conjugated = conjugatedForm(ref);
      if (conjugated ? sameStart(conjugated, headword) : SINGLE_WORD.test(ref) && ref === ref.toLowerCase() && related(ref, headword)) pairs.push([conjugated ?? ref, headword]);
    }
  }
  return pairs;
}
