#!/usr/bin/env node
// Builds the offline dictionaries (de, fr, es, ru -> English) the local translation provider reads:
//   node tools/dictionaries/build.mjs [--sources DIR]
// fetches the Debian packages into DIR (default: a new temporary folder; never the repository), converts
// them, and writes services/data/dictionaries/<lang>.tsv.gz plus the attribution (SOURCES.md).
// See tools/dictionaries/README.md for what comes from where and why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { englishCommonness } from './english.mjs';
import { normalizeKey, parseFreedictEntry, parseMuellerEntry } from './entries.mjs';
import { conjugatedForm, germanLemmaHints, germanParadigmLinks, withoutPronouns } from './german-forms.mjs';
import { analyze, ANALYZERS } from './analyzers.mjs';
import { expandInflections } from './inflections.mjs';
import { imperfectiveCandidates, sureImperfectives } from './russian-aspect.mjs';
import { Lexicon } from './lexicon.mjs';
import { fetchPackages, packageEntries } from './sources.mjs';
import { writeSources } from './attribution.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'services/data/dictionaries');

// Scores order the glosses of a key: the source's tier first (a dictionary in the right direction beats an
// inverted one), then plain words before special-field or register words ("[mus.]", "[poet.]"), then how
// common the English word is, then the rank of the word in the entry it was found in. A gloss that several
// entries or sources give gains (Lexicon's CORROBORATION); a phrase loses against a word.
// Tiers far apart: what a gloss gains within one (place, frequency, agreement) never lifts it to the next.
const SUPPLEMENT = 40_000_000;
const DIRECT = 30_000_000;
const INVERTED = 20_000_000;
const PLAIN = 200_000;
const RANK = [800_000, 400_000, 200_000];
/** An English word in fewer than this many headwords of eng-deu is obscure ("twelvemonth"). */
const OBSCURE = 3;
/**
 * How common the English gloss is, on a log scale (a word in 600 eng-deu headwords is not 100 times
 * likelier to be meant than one in 6): enough to put "dog" above "mine car" and "go" above "fare".
 */
const FREQUENCY = 70_000;
const common = (commonness, gloss) => Math.round(FREQUENCY * Math.log2(1 + Math.min(commonness(gloss), 1000)));
/** Each word of a gloss past the first, for a one-word headword: "moon" before "natural satellite". */
const PHRASE_WORD = 100_000;
const wordy = (headword, gloss) => (headword.includes(' ') ? 0 : Math.max(0, gloss.replace(/^to /, '').split(' ').length - 1) * PHRASE_WORD);

const ENGLISH_HEADWORD = /^[A-Za-z][A-Za-z' -]*$/;

/**
 * A word's gloss that reads like a phrase's ("give sth. a try", "to mean business", "have yet to …") comes
 * from an idiom filed under the word: it goes below the word's own translations (and usually out).
 */
const PHRASY = 500_000;
const phrasy = (headword, gloss) => !headword.includes(' ') && (/\b(?:sth|sb)\.|…|\.\.\.|\bone's\b/.test(gloss) || gloss.split(' ').length >= 3);
/** The score of a gloss at place `rank` of a direct entry. */
const directScore = (commonness, headword, g, rank) =>
  DIRECT + (g.labelled ? 0 : PLAIN) - (phrasy(headword, g.text) ? PHRASY : 0) - wordy(headword, g.text) + (RANK[rank] ?? 0) / 4 + common(commonness, g.text);

function addDirect(lexicon, parsed, commonness) {
  for (const { headword, glosses } of parsed) glosses.forEach((g, i) => lexicon.addGloss(headword, g.text, directScore(commonness, headword, g, i)));
}

/** German-English entries, with each conjugated form ("er/sie/es ist") also under the bare form ("ist"). */
function addGerman(lexicon, parsed, commonness) {
  addDirect(lexicon, parsed, commonness);
  for (const { headword, glosses } of parsed) {
    const form = conjugatedForm(headword);
    if (!form) continue;
    glosses.forEach((g, i) => lexicon.addGloss(form, withoutPronouns(g.text), directScore(commonness, form, { text: withoutPronouns(g.text), labelled: false }, i)));
  }
}

/**
 * German lemmas, surest first (a form keeps three at most): the supplement's irregular forms, the verb
 * paradigms, hunspell's regular forms (case kept: "macht" is machen's, "Macht" a noun of its own), and
 * last the "see:" references of the forms' own entries.
 */
function linkGerman(lexicon, parsed, hunspell, supplementLemmas) {
  for (const [form, lemma] of [...supplementLemmas, ...germanParadigmLinks(parsed)]) lexicon.addLemma(form, lemma);
  // A word with an entry of its own as a singular noun or an infinitive is no other word's form ("Katze", not Katz's).
  const headwords = new Set(parsed.filter(({ tags }) => tags.includes('sg') || tags.includes('v')).map(({ headword }) => headword));
  for (const [form, lemma] of hunspell) if (form !== lemma && !headwords.has(form)) lexicon.addLemma(form, lemma);
  for (const [form, lemma] of germanLemmaHints(parsed, (key) => lexicon.hasGlosses(key))) lexicon.addLemma(form, lemma);
}

/** An English -> X dictionary read backwards: each X translation gets the English headword as its gloss. */
function addInverted(lexicon, pairs, commonness) {
  for (const { english: headword, translations } of pairs) {
    // "I want: хочу" glosses хочу as "want" (its lemma's word), not as a sentence.
    const english = withoutPronouns(headword);
    if (!ENGLISH_HEADWORD.test(english) || english.split(' ').length > 3) continue;
    const obscure = commonness(english) < OBSCURE ? 500_000 : 0;
    translations.forEach((t, rank) => lexicon.addGloss(t, english, INVERTED + PLAIN - obscure - wordy(t, english) + (RANK[rank] ?? 0) + common(commonness, english)));
  }
}

const PIVOT = 10_000_000;
/** X-German and German-X (WikDict) dictionaries per language; there is no Russian-German one. */
const PIVOTS = {
  fr: { to: 'dict-freedict-fra-deu', from: 'dict-freedict-deu-fra' },
  es: { to: 'dict-freedict-spa-deu', from: 'dict-freedict-deu-spa' },
  ru: { from: 'dict-freedict-deu-rus' },
};

/**
 * X -> German -> English for words the FreeDict X-English dictionaries lack: the German translations of
 * an X word (its X-German entries, then German-X entries read backwards) glossed by the German dictionary.
 */
function addPivot(lexicon, german, toGerman, fromGerman) {
  const routes = new Map();
  const route = (word, via) => {
    const key = normalizeKey(word);
    if (lexicon.hasMeaning(key)) return; // a direct translation (of the word or of its lemma) beats a pivot
    const list = routes.get(key) ?? [];
    if (!list.includes(via)) list.push(via);
    routes.set(key, list);
  };
  for (const text of toGerman) {
    const { headword, glosses } = parseFreedictEntry(text, { wikdict: true });
    for (const g of glosses) route(headword, normalizeKey(g.text));
  }
  for (const { english: germanWord, translations } of freedictPairs(fromGerman, { wikdict: true })) {
    for (const t of translations) route(t, normalizeKey(germanWord));
  }
  for (const [key, via] of routes) {
    via.slice(0, 3).forEach((g, gi) => german.topGlosses(g, 2).forEach((e, ei) => lexicon.addGloss(key, e, PIVOT + (RANK[gi] ?? 0) + (ei === 0 ? 50_000 : 0))));
  }
}

const freedictPairs = (entries, options) =>
  entries.map((text) => {
    const { headword, glosses } = parseFreedictEntry(text, options);
    return { english: headword, translations: glosses.filter((g) => !g.labelled).map((g) => g.text) };
  });
const muellerPairs = (entries) =>
  entries.map((text) => {
    const { headword, translations } = parseMuellerEntry(text);
    return { english: headword, translations };
  });

/**
 * Perfective verbs get their imperfective partner's glosses ("включить" means what "включать" means). The
 * dictionaries translate English verbs with imperfectives, so what a perfective has of its own is often a
 * rare word's back-translation ("сделать": fecit): the partner's come first, its own stay after them.
 */
function addAspectPartners(lexicon, lemmas) {
  for (const verb of lemmas) {
    const partner = (lexicon.hasGlosses(verb) ? sureImperfectives(verb) : imperfectiveCandidates(verb)).find((c) => lexicon.hasGlosses(c));
    if (partner) lexicon.topGlosses(partner, 3).forEach((g, i) => lexicon.addGloss(verb, g, INVERTED + PLAIN + RANK[0] + 1_000_000 - i));
  }
}

/**
 * The hand-written supplement (supplement/<language>.tsv, `key<TAB>glosses[<TAB>lemma]`): contractions,
 * function words, and irregular forms no source links to their lemma ("ist" -> sein). Returns the
 * [form, lemma] pairs, linked once the lemmas have their glosses.
 */
function addSupplement(lexicon, language) {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supplement', `${language}.tsv`);
  const lemmas = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [key, glosses, lemma] = line.split('\t');
    if (!key || key.startsWith('#')) continue;
    if (glosses) glosses.split('; ').forEach((g, i) => lexicon.addGloss(key, g, SUPPLEMENT - i));
    if (lemma) lemmas.push([key, lemma]);
  }
  return lemmas;
}

/**
 * An inflected form that is no headword of its own shows its lemma's glosses, not the English words it was
 * found under when a dictionary was read backwards ("книги": copy, from a "copy: экземпляр книги" entry;
 * "времени": Edwardian). What the right-way dictionaries give a form ("fue": was) stays.
 */
function preferLemmaGlosses(lexicon, analyzed, hunspell) {
  const baseForms = new Set([
    ...analyzed.filter(([form, lemma, ligature]) => form === lemma || form === ligature).map(([form]) => form),
    ...hunspell.filter(([form, lemma]) => form === lemma).map(([form]) => normalizeKey(form)),
  ]);
  for (const [key, e] of lexicon.entries) {
    if (!e.lemmas.size || !e.glosses.size || baseForms.has(key)) continue;
    if (lexicon.ranked(key)[0][1] < DIRECT) lexicon.dropGlosses(key);
  }
}

async function build(language, sources, commonness, german) {
  const lexicon = new Lexicon({ cased: language === 'de' });
  const supplementLemmas = addSupplement(lexicon, language);
  const germanEntries = language === 'de' ? packageEntries(sources, 'dict-freedict-deu-eng').map((text) => parseFreedictEntry(text)) : [];
  if (language === 'de') {
    addGerman(lexicon, germanEntries, commonness);
  } else if (language === 'fr') {
    addDirect(lexicon, packageEntries(sources, 'dict-freedict-fra-eng').map((text) => parseFreedictEntry(text)), commonness);
    addInverted(lexicon, freedictPairs(packageEntries(sources, 'dict-freedict-eng-fra')), commonness);
  } else if (language === 'es') {
    addDirect(lexicon, packageEntries(sources, 'dict-freedict-spa-eng').map((text) => parseFreedictEntry(text)), commonness);
    addInverted(lexicon, freedictPairs(packageEntries(sources, 'dict-freedict-eng-spa')), commonness);
  } else {
    addInverted(lexicon, freedictPairs(packageEntries(sources, 'dict-freedict-eng-rus')), commonness);
    addInverted(lexicon, muellerPairs(packageEntries(sources, 'mueller7-dict')), commonness);
  }
  const hunspell = [];
  const forms = await expandInflections(language, (form, lemma) => hunspell.push([form, lemma]));
  const analyzed = [];
  if (ANALYZERS[language]) {
    const words = new Set([...hunspell.flat().map(normalizeKey), ...[...lexicon.entries.keys()].filter((k) => !k.includes(' '))]);
    // Apertium writes œ as "oe" ("yeux" -> "oeil").
    await analyze(sources, language, words, (word, lemmas) => analyzed.push(...lemmas.map((l) => [word, l, l.replace(/oe/g, 'œ')])));
  }
  const link = () => {
    if (language === 'de') return linkGerman(lexicon, germanEntries, hunspell, supplementLemmas);
    // The supplement first, then Apertium (it knows irregular forms and tells homonyms apart), hunspell's
    // stems after it, and those only where nothing better said what the word is.
    for (const [form, lemma] of supplementLemmas) lexicon.addLemma(form, lemma);
    for (const [form, lemma, ligature] of analyzed) lexicon.addLemma(form, lexicon.hasGlosses(lemma) ? lemma : ligature);
    for (const [form, lemma] of hunspell) if (!lexicon.hasGlosses(normalizeKey(form))) lexicon.addLemma(form, lemma);
  };
  link();
  if (language === 'ru') {
    addAspectPartners(lexicon, new Set([...analyzed.map(([, lemma]) => lemma), ...hunspell.map(([, lemma]) => normalizeKey(lemma))]));
    link();
  }
  // Last, X -> German -> English for words still without a meaning of their own or through a lemma, and
  // the forms of the words that gave (linked again).
  const pivot = PIVOTS[language];
  if (pivot) {
    addPivot(lexicon, german, pivot.to ? packageEntries(sources, pivot.to) : [], packageEntries(sources, pivot.from));
    link();
  }
  if (ANALYZERS[language]) preferLemmaGlosses(lexicon, analyzed, hunspell);
  const lines = lexicon.toLines();
  const data = zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 });
  fs.writeFileSync(path.join(OUT, `${language}.tsv.gz`), data);
  const stats = { language, headwords: lexicon.headwordCount, keys: lines.length, hunspellForms: forms, bytes: data.length };
  console.log(JSON.stringify(stats));
  return { stats, lexicon };
}

async function main() {
  const at = process.argv.indexOf('--sources');
  const sources = at > 0 ? path.resolve(process.argv[at + 1]) : fs.mkdtempSync(path.join(os.tmpdir(), 'verba-dictionaries-'));
  fetchPackages(sources);
  fs.mkdirSync(OUT, { recursive: true });
  const commonness = englishCommonness(packageEntries(sources, 'dict-freedict-eng-deu').map((e) => normalizeKey(e.split('\n')[0].replace(/\s+\/.*$/, ''))));
  const { stats: de, lexicon: german } = await build('de', sources, commonness);
  const stats = [de];
  for (const language of ['fr', 'es', 'ru']) stats.push((await build(language, sources, commonness, german)).stats);
  writeSources(OUT, sources, stats);
}

await main();
