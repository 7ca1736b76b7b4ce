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
import { imperfectiveCandidates } from './russian-aspect.mjs';
import { Lexicon } from './lexicon.mjs';
import { fetchPackages, packageEntries } from './sources.mjs';
import { writeSources } from './attribution.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'services/data/dictionaries');

// Scores order the glosses of a key: the source's tier first (a dictionary in the right direction beats an
// inverted one), then plain words before field or register words ("[mus.]"), then the rank of the word in
// the entry it was found in, then how common the English word is (below 100,000).
const SUPPLEMENT = 4_000_000;
const DIRECT = 3_000_000;
const INVERTED = 2_000_000;
const PLAIN = 200_000;
const RANK = [800_000, 400_000, 200_000];
/** An English word in fewer than this many headwords of eng-deu is obscure ("twelvemonth"). */
const OBSCURE = 3;
const common = (commonness, gloss) => Math.min(commonness(gloss), 99_999);

const ENGLISH_HEADWORD = /^[A-Za-z][A-Za-z' -]*$/;

/**
 * A word's gloss that reads like a phrase's ("give sth. a try", "to mean business", "have yet to …") comes
 * from an idiom filed under the word: it goes below the word's own translations (and usually out).
 */
const PHRASY = 500_000;
const phrasy = (headword, gloss) => !headword.includes(' ') && (/\b(?:sth|sb)\.|…|\.\.\.|\bone's\b/.test(gloss) || gloss.split(' ').length >= 3);

function addDirect(lexicon, parsed, commonness) {
  for (const { headword, glosses } of parsed) {
    glosses.forEach((g, i) =>
      lexicon.addGloss(headword, g.text, DIRECT + (g.labelled ? 0 : PLAIN) - (phrasy(headword, g.text) ? PHRASY : 0) + (RANK[i] ?? 0) / 4 + common(commonness, g.text)),
    );
  }
}

/** German-English entries, with each conjugated form ("er/sie/es ist") also under the bare form ("ist"). */
function addGerman(lexicon, parsed, commonness) {
  addDirect(lexicon, parsed, commonness);
  for (const { headword, glosses } of parsed) {
    const form = conjugatedForm(headword);
    if (!form) continue;
    glosses.forEach((g, i) => lexicon.addGloss(form, withoutPronouns(g.text), DIRECT + PLAIN + (RANK[i] ?? 0) / 4 + common(commonness, withoutPronouns(g.text))));
  }
  const hasGlosses = (key) => lexicon.hasGlosses(key);
  for (const [form, lemma] of [...germanParadigmLinks(parsed), ...germanLemmaHints(parsed, hasGlosses)]) lexicon.addLemma(form, lemma);
}

/** An English -> X dictionary read backwards: each X translation gets the English headword as its gloss. */
function addInverted(lexicon, pairs, commonness) {
  for (const { english, translations } of pairs) {
    if (!ENGLISH_HEADWORD.test(english) || english.split(' ').length > 3) continue;
    const obscure = commonness(english) < OBSCURE ? 500_000 : 0;
    translations.forEach((t, rank) => lexicon.addGloss(t, english, INVERTED + PLAIN - obscure + (RANK[rank] ?? 0) + common(commonness, english)));
  }
}

const PIVOT = 1_000_000;
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

/** Perfective verbs without glosses get their imperfective partner's ("включить" means what "включать" means). */
function addAspectPartners(lexicon, lemmas) {
  for (const verb of lemmas) {
    if (lexicon.hasGlosses(verb)) continue;
    const partner = imperfectiveCandidates(verb).find((c) => lexicon.hasGlosses(c));
    if (partner) lexicon.topGlosses(partner, 3).forEach((g, i) => lexicon.addGloss(verb, g, INVERTED - i));
  }
}

/** The hand-written supplement (supplement/<language>.tsv): contractions and function words. */
function addSupplement(lexicon, language) {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supplement', `${language}.tsv`);
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [key, glosses] = line.split('\t');
    if (!glosses || key.startsWith('#')) continue;
    glosses.split('; ').forEach((g, i) => lexicon.addGloss(key, g, SUPPLEMENT - i));
  }
}

async function build(language, sources, commonness, german) {
  const lexicon = new Lexicon();
  addSupplement(lexicon, language);
  if (language === 'de') {
    addGerman(lexicon, packageEntries(sources, 'dict-freedict-deu-eng').map((text) => parseFreedictEntry(text)), commonness);
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
    // Apertium first (it knows irregular forms and tells homonyms apart), hunspell's stems after it, and
    // those only where nothing better said what the word is ("Zelt" is a noun, not "zelten"'s imperative).
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
