// German lemmas the hunspell rules cannot give: igerman98 lists strong participles and irregular forms
// as words of their own ("gegessen", "ging"), but FreeDict's German-English entries for such forms point
// at their lemma in the "see:" line ("gegessen ... see: {essen}, {essend}, ..."). A form's lemma is the
// word its entries point at most often, a word like it first ("Häuser" -> "Haus", not "Einrichtung").
import { normalizeKey } from './entries.mjs';

/** Tags of an entry that is a lemma itself (a noun's singular, a verb's infinitive, an adjective). */
const LEMMA_TAGS = new Set(['masc', 'fem', 'neut', 'v', 'adj', 'adv', 'conj', 'prep', 'pron', 'art', 'num']);
const SINGLE_WORD = /^\p{L}+$/u;

const fold = (word) => word.replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/^ge/, '');
/** Shares its first three letters with the form, umlauts and the participle's "ge" aside. */
const alike = (form, lemma) => fold(form).slice(0, 3) === fold(lemma).slice(0, 3);

/** [form, lemma] pairs from parsed deu-eng entries; `hasGlosses` tells which lemmas the dictionary has. */
export function germanLemmaHints(parsed, hasGlosses) {
  const votes = new Map();
  for (const { headword, tags, see } of parsed) {
    if (!SINGLE_WORD.test(headword) || (tags.some((t) => LEMMA_TAGS.has(t)) && !tags.includes('pl'))) continue;
    const form = normalizeKey(headword);
    const lemma = see.filter((s) => SINGLE_WORD.test(s)).map(normalizeKey).find((s) => s !== form);
    // A plural's reference may be a synonym ("Essen <pl> chimneys, see: {Kamin}"): only one like it counts.
    if (!lemma || (tags.includes('pl') && !alike(form, lemma))) continue;
    const tally = votes.get(form) ?? new Map();
    tally.set(lemma, (tally.get(lemma) ?? 0) + 1);
    votes.set(form, tally);
  }
  const pairs = [];
  for (const [form, tally] of votes) {
    const rank = ([lemma, count]) => (alike(form, lemma) ? 1000 : 0) + count;
    const [best] = [...tally].filter(([lemma]) => hasGlosses(lemma)).sort((a, b) => rank(b) - rank(a));
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
 * [form, lemma] pairs from the paradigms verb entries list in their "see:" line: the entry for "sein"
 * refers to {ich bin}, {er/sie/es ist}, {wir sind}, {ich/er/sie/es war} ...
 */
export function germanParadigmLinks(parsed) {
  const pairs = [];
  for (const { headword, tags, see } of parsed) {
    if (!tags.includes('v') || !SINGLE_WORD.test(headword)) continue;
    for (const ref of see) {
      const form = conjugatedForm(ref);
      if (form) pairs.push([form, headword]);
    }
  }
  return pairs;
}
