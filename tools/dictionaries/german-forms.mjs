// German lemmas the hunspell rules cannot give: igerman98 lists strong participles and irregular forms
// as words of their own ("gegessen", "ging"), but FreeDict's German-English entries for such forms point
// at their lemma in the "see:" line ("gegessen ... see: {essen}, {essend}, ..."). Those lines also list
// synonyms and their forms ("Brötchen ... see: {Stulle}", "haben ... see: {besitzt}"), so a reference
// counts only when it is a form of the same word: spelt like it (`related`), never through a shared gloss.
import { normalizeKey } from './entries.mjs';
import { MAX_LEMMAS } from './lexicon.mjs';

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
export const sameStart = (form, lemma) => umlautless(form).charAt(0) === umlautless(lemma).charAt(0);

/** What a German noun's plural and cases add to it: Sieg-en, Ei-ern, Robbe-n, Vögel-n (the plural igerman98 lists). */
const DECLENSION = new Set(['', 'e', 'en', 'n', 'er', 'ern', 's', 'es', 'ns', 'ens']);
const capital = (word) => /^\p{Lu}/u.test(word);
/** `form` is a plural or case of the noun `lemma`, both capitalized, umlauts aside: not a derived word ("Abtreibung" of abtreiben, "Amerikanerin"). */
export function declinedNoun(form, lemma) {
  const [f, l] = [umlautless(form), umlautless(lemma)];
  return capital(form) && capital(lemma) && f.startsWith(l) && DECLENSION.has(f.slice(l.length));
}

/** The infinitives of the German dictionary's verbs, those filed with their objects too ("etw. sagen": sagen). */
export const germanInfinitives = (parsed) =>
  new Set(
    parsed
      .filter(({ tags }) => tags.includes('v'))
      .map(({ headword }) => objectVerb(headword) ?? headword)
      .filter((h) => /^\p{Ll}+$/u.test(h)),
  );

/**
 * `verbalNoun(form, lemma)`: `form` is a verb's infinitive used as a noun ("das Vögeln", of vögeln) and a
 * plural or case of the noun `lemma` too (Vögeln, dative plural of Vogel).
 */
export const verbalNounDeclined = (infinitives) => (form, lemma) => infinitives.has(form.toLowerCase()) && declinedNoun(form, lemma);

/** A plural begins with its singular's stem, umlauts aside: "Häuser" / "Haus", "Katzen" / "Katze", not "Brötchen" / "Brötli". */
const pluralOf = (form, lemma) => umlautless(form).startsWith(umlautless(lemma).replace(/e$/, ''));

/**
 * [form, lemma] pairs from parsed deu-eng entries, the form as its entry writes it ("Häuser", a noun's);
 * `hasGlosses` tells which lemmas the dictionary has. A lemma is a word with an entry of its own as a
 * singular noun, an infinitive or an adjective ("kaufen", not the participle "kaufend").
 */
export function germanLemmaHints(parsed, hasGlosses) {
  const lemmaWords = new Set(
    parsed.filter(({ tags }) => tags.some((t) => LEMMA_TAGS.has(t)) && !tags.includes('pl')).map(({ headword }) => normalizeKey(headword)),
  );
  const votes = new Map();
  for (const { headword, tags, see } of parsed) {
    if (!SINGLE_WORD.test(headword) || (tags.some((t) => LEMMA_TAGS.has(t)) && !tags.includes('pl'))) continue;
    const form = normalizeKey(headword);
    const like = tags.includes('pl') ? pluralOf : related;
    // References may be synonyms ("Essen <pl> chimneys, see: {Kamin}"): only a form of the same word counts.
    // The lemma keeps its capital: "Essen <pl> hearths, see: {Esse}" is the noun's, not "(ich) esse".
    const lemma = see
      .filter((s) => SINGLE_WORD.test(s))
      .find((s) => normalizeKey(s) !== form && lemmaWords.has(normalizeKey(s)) && like(form, normalizeKey(s)));
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

/** Headwords (as written) with an entry as a lemma: a singular noun, an infinitive, an adjective ... ("Essen", "sein"). */
export const germanBaseForms = (parsed) =>
  parsed
    .filter(({ tags }) => tags.some((t) => LEMMA_TAGS.has(t)) && !tags.includes('pl'))
    .map(({ headword }) => objectVerb(headword) ?? headword);

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

/** "etw. sagen", "jdm. etw. geben": a verb headword with its objects, whose verb is a word of its own. */
const WITH_OBJECTS = /^(?:(?:etw|jdn|jdm|jds)\.\s+)+(\p{Ll}+)$/u;
/** The verb of a headword written with its objects ("etw. nehmen" -> "nehmen"), or undefined. */
export const objectVerb = (headword) => WITH_OBJECTS.exec(headword)?.[1];
/**
 * A verb's gloss without its objects ("say sth." -> "say", "give sb. sth." -> "give", "take sth. up" ->
 * "take up"), or '' when what is left is no plain gloss ("proffer sb. sth. / sth. to sb.").
 */
export function withoutObjects(gloss) {
  const text = gloss
    .replace(/\b(?:sth|sb)\.(?:'s)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return !text || /[/…]|\.\.\./.test(text) || /\b(?:sth|sb)\b/.test(text) ? '' : text;
}

/**
 * [form, lemma] pairs from the paradigms verb entries list in their "see:" line: the entry for "gehen"
 * refers to {gehend}, {gegangen}, {ich/er/sie ging}, {er/sie geht} ... The line also lists the forms of the
 * entry's synonyms ("haben ... see: {besitzend}, {besitzt}"): a form must be spelt like the verb. The few
 * forms that are not ("ist", "war" of "sein") are in supplement/de.tsv.
 */
export function germanParadigmLinks(parsed) {
  const pairs = [];
  for (const { headword: written, tags, see } of parsed) {
    // "etw. nehmen ... see: {nehmend}, {genommen}, {er/sie nimmt}, {ich/er/sie nahm}" is nehmen's paradigm.
    const headword = objectVerb(written) ?? written;
    if (!tags.includes('v') || !SINGLE_WORD.test(headword)) continue;
    for (const ref of see) {
      const conjugated = conjugatedForm(ref);
      if (conjugated ? sameStart(conjugated, headword) : SINGLE_WORD.test(ref) && ref === ref.toLowerCase() && related(ref, headword))
        pairs.push([conjugated ?? ref, headword]);
    }
  }
  return pairs;
}

/** The first a, o, u (or au) of a past stem with its umlaut: kam -> käm, fuhr -> führ, lief stays. */
const umlaut = (stem) => stem.replace(/au|[aou]/, (v) => ({ au: 'äu', a: 'ä', o: 'ö', u: 'ü' })[v]);
const DECLINED = ['e', 'en', 'er', 'es', 'em'];

/**
 * Every form of a strong, mixed or modal verb from its row in supplement/de-verbs.tsv (infinitive, 3rd
 * singular present, past, past participle, and where irregular the 2nd singular present and the past
 * subjunctive): present and past in each person, past subjunctive, and the participle declined as an
 * adjective ("genommene"). `participle` and `finite` come apart for prefixed verbs.
 */
export function verbForms({ infinitive, present3, past, participle, present2, subjunctive }) {
  const stem = infinitive.replace(/e?n$/, '');
  const dental = /[td]$/.test(stem);
  // A modal's (and wissen's) 3rd singular has no -t and is the 1st too: kann, muss, weiß.
  const modal = !present3.endsWith('t');
  const second =
    present2 && present2 !== '-'
      ? present2
      : modal
        ? present3 + (/[sßz]$/.test(present3) ? 't' : 'st')
        : /[sßzx]$/.test(present3.slice(0, -1))
          ? present3
          : `${present3.slice(0, -1)}st`;
  const weakPast = past.endsWith('e');
  const finite = [
    modal ? present3 : `${stem}e`,
    second,
    present3,
    infinitive,
    `${stem}${dental ? 'et' : 't'}`,
    past,
    weakPast ? `${past}st` : `${past}${/[sßzdt]$/.test(past) ? 'e' : ''}st`,
    `${past}${weakPast ? 'n' : 'en'}`,
    weakPast ? `${past}t` : `${past}${/[dt]$/.test(past) ? 'e' : ''}t`,
  ];
  const conditional =
    subjunctive && subjunctive !== '-'
      ? subjunctive
      : weakPast
        ? /[äöü]/.test(infinitive)
          ? umlaut(past)
          : undefined
        : `${umlaut(past)}e`;
  if (conditional) finite.push(conditional, `${conditional}st`, `${conditional}n`, `${conditional}t`);
  const participles = [participle, ...DECLINED.map((e) => `${participle.replace(/e$/, '')}${e}`)];
  return { finite: [...new Set(finite)], participles };
}

/** Reads supplement/de-verbs.tsv: one verb a line, `#` comments. */
export function parseVerbTable(text) {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [infinitive, present3, past, participle, present2, subjunctive] = line.split('\t').map((c) => c.trim());
      return { infinitive, present3, past, participle, present2, subjunctive };
    });
}

/** Prefixes that stay on the verb ("bekommen": bekam, bekommen) and ones that come off ("ankommen": kam an, angekommen). */
const INSEPARABLE = ['be', 'emp', 'ent', 'er', 'ge', 'miss', 'ver', 'zer', 'hinter'];
const SEPARABLE = [
  'ab',
  'an',
  'auf',
  'aus',
  'bei',
  'dar',
  'ein',
  'empor',
  'entgegen',
  'fern',
  'fest',
  'fort',
  'frei',
  'her',
  'herab',
  'heran',
  'herauf',
  'heraus',
  'herbei',
  'herein',
  'herüber',
  'herum',
  'herunter',
  'hervor',
  'hin',
  'hinab',
  'hinauf',
  'hinaus',
  'hinein',
  'hinüber',
  'hinunter',
  'hoch',
  'los',
  'mit',
  'nach',
  'nieder',
  'statt',
  'vor',
  'voran',
  'voraus',
  'vorbei',
  'vorüber',
  'weg',
  'weiter',
  'zu',
  'zurecht',
  'zurück',
  'zusammen',
  'zwischen',
  'teil',
  'kennen',
  'spazieren',
  'kaputt',
  'sitzen',
  'stehen',
];
/** Either, by meaning: übersetzen (translate) / übersetzen (ferry across). Both spellings are made. */
const EITHER = ['durch', 'über', 'um', 'unter', 'wider', 'wieder', 'voll'];

/** How a verb's prefix behaves: [separable part, inseparable part] readings, none for no known prefix ("zurückbe": zurück + be). */
function splitPrefix(prefix) {
  if (INSEPARABLE.includes(prefix)) return [['', prefix]];
  if (SEPARABLE.includes(prefix)) return [[prefix, '']];
  if (EITHER.includes(prefix))
    return [
      [prefix, ''],
      ['', prefix],
    ];
  for (const sep of [...SEPARABLE, ...EITHER]) {
    if (prefix.startsWith(sep) && INSEPARABLE.includes(prefix.slice(sep.length))) return [[sep, prefix.slice(sep.length)]];
  }
  return [];
}

/**
 * [form, infinitive] pairs for the verbs of the table and for every verb of `infinitives` (the German
 * dictionary's) made of a prefix and one of them: "bekam" is bekommen's, "angekommen" and "ankam" (in a
 * clause: "als er ankam") ankommen's. A prefix that comes off also gives the "zu" infinitive ("anzukommen").
 */
export function strongVerbLinks(table, infinitives) {
  const pairs = [];
  const link = (verb, forms) => forms.forEach((f) => pairs.push([f, verb]));
  for (const row of table) {
    const { finite, participles } = verbForms(row);
    link(row.infinitive, [...finite, ...participles]);
  }
  const byInfinitive = new Map(table.map((row) => [row.infinitive, row]));
  for (const verb of infinitives) {
    if (byInfinitive.has(verb)) continue;
    // The longest verb of the table the word ends in, after a prefix known as one: zurück|be|kommen.
    for (let cut = 2; cut <= verb.length - 3; cut++) {
      const row = byInfinitive.get(verb.slice(cut));
      const readings = row ? splitPrefix(verb.slice(0, cut)) : [];
      if (!readings.length) continue;
      const { finite } = verbForms(row);
      for (const [sep, insep] of readings) {
        const prefix = sep + insep;
        // ge- goes after a separable prefix and not at all with an inseparable one: angekommen, bekommen, zurückbekommen.
        const participle = insep ? `${prefix}${row.participle.replace(/^ge/, '')}` : `${sep}${row.participle}`;
        link(verb, [...finite.map((f) => `${prefix}${f}`), participle, ...DECLINED.map((e) => `${participle.replace(/e$/, '')}${e}`)]);
        if (!insep) link(verb, [`${sep}zu${row.infinitive}`]);
      }
      break;
    }
  }
  return pairs;
}

/**
 * A German noun's case linked to its plural links to its singular: hunspell's igerman98 lists an umlaut
 * plural as a word of its own ("Männer", "Vögel"), so its dative ("Männern", "Vögeln") was "from männer".
 * A lemma that is no base form itself (`baseForms`) and a plural of another noun gives way to that noun.
 */
export function followPluralLemmas(lexicon, baseForms) {
  for (const [key, e] of lexicon.entries) {
    if (!e.lemmas.size) continue;
    const followed = [...e.lemmas].flatMap((l) => {
      const singular = baseForms.has(l) || !declinedNoun(key, l) ? undefined : [...(lexicon.entries.get(l)?.lemmas ?? [])][0];
      return singular && declinedNoun(l, singular) ? [singular] : [l];
    });
    // Like "Häusern" (haus), the form then shows the singular's meaning; a compound ending in it names its
    // singular too ("Campingplätzen": campingplatz).
    const lemmas = [...new Set(followed)].filter((l) => l !== key);
    if (lemmas.length) lexicon.setLemmas(key, lemmas.slice(0, MAX_LEMMAS));
  }
}
