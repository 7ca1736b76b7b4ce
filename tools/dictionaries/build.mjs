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
import { englishBaseForm, englishForms, englishIrregular } from './english-forms.mjs';
import { settleReadings } from './readings.mjs';
import { normalizeKey, parseFreedictEntry, parseMuellerEntry } from './entries.mjs';
import {
  conjugatedForm,
  followPluralLemmas,
  germanBaseForms,
  germanInfinitives,
  germanLemmaHints,
  germanParadigmLinks,
  objectVerb,
  parseVerbTable,
  sameStart,
  strongVerbLinks,
  verbalNounDeclined,
  withoutObjects,
  withoutPronouns,
} from './german-forms.mjs';
import { analyze, ANALYZERS } from './analyzers.mjs';
import { expandInflections } from './inflections.mjs';
import { imperfectiveCandidates, sureImperfectives } from './russian-aspect.mjs';
import { englishKey, Lexicon } from './lexicon.mjs';
import { fetchPackages, packageEntries } from './sources.mjs';
import { writeSources } from './attribution.mjs';
import { addSupplement, keepSupplementOrder, readSupplement, supplementLines } from './supplement.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'services/data/dictionaries');

// Scores order the glosses of a key: the source's tier first (a dictionary in the right direction beats an
// inverted one), then plain words before special-field or register words ("[mus.]", "[poet.]"), then how
// common the English word is, the sense (line) and place the word has in its entry, and whether other
// sources confirm it (Lexicon's attest: the dictionary of the other direction lists the word for it, or
// the route through German reaches it). A gloss that several entries or sources give gains (Lexicon's
// CORROBORATION); a phrase loses against a word.
// Tiers far apart: what a gloss gains within one (place, frequency, agreement) never lifts it to the next
// (the supplement's tier, above DIRECT, is in supplement.mjs).
const DIRECT = 30_000_000;
const INVERTED = 20_000_000;
const PLAIN = 200_000;
const RANK = [800_000, 400_000, 200_000];
/**
 * Where a word stands among an English headword's translations says how central it is to that English
 * word ("tote": нести first), not how central the English word is to it ("carry": носить, нести): less
 * than how common the English word is.
 */
const INVERTED_RANK = [400_000, 250_000, 150_000];
/**
 * A direct entry's first sense (line) and the first words of a line gain a little: FreeDict's French and
 * Spanish dictionaries list a sense's words alphabetically ("get, lay hold of, pick up, take"), and their
 * senses are in no sure order either ("1. gate, gateway, portal 2. door"), so neither may outweigh how
 * common a word is or what other sources say.
 */
const SENSE = [150_000, 75_000];
const PLACE = [60_000, 30_000];
/** An English word seen fewer than this many times in SUBTLEX's 51 million is obscure ("twelvemonth"). */
const OBSCURE = 10;
/**
 * How common the English gloss is, on a log scale of its SUBTLEX count, and no difference among the most
 * common words (2^15 and more: "get" and "take" alike): enough to put "car" above "vehicle", "dog" above
 * "mine car" and "go" above "fare".
 */
const FREQUENCY = 50_000;
const COMMON_CAP = 2 ** 15;
const common = (commonness, gloss) => Math.round(FREQUENCY * Math.log2(1 + Math.min(commonness(gloss), COMMON_CAP)));
/**
 * What a gloss gains when the dictionary of the other direction lists the word among its translations:
 * the more so the fewer words it lists ("child": Kind alone, 300,000; "baby": Säugling, Baby, Kind and
 * four more, 113,000). Where in the list does not count: those dictionaries order their words
 * alphabetically ("dog": Bandhaken, Bandzieher, ..., Hund).
 */
const BACK = 300_000;
/**
 * What a gloss gains when the route through German reaches it: "take" for prendre (prendre: nehmen,
 * nehmen: take), not "get".
 */
const THROUGH_GERMAN = 200_000;
/** German words of an X word asked for their glosses. */
const GERMAN_WORDS = 8;
/**
 * For each doubling of the examples and cross-references of the entry a gloss comes from: Ding gives a
 * word's main sense dozens ("Zug": train, with 25 examples and 40 compounds), a side sense a few.
 */
const RICH = 60_000;
const rich = (refs = 0) => Math.round(RICH * Math.log2(1 + Math.min(refs, 127)));
const CONSTRUCTION = 150_000;
/** A verb's gloss from the conjugations of its main line ("er/sie fährt: he/she drives" -> fahren: drive). */
const MAIN_LINE = 150_000;
const SAME_PLURAL = 300_000;
/** Each word of a gloss past the first, for a one-word headword: "moon" before "natural satellite". */
const PHRASE_WORD = 100_000;
const wordy = (headword, gloss) =>
  headword.includes(' ') ? 0 : Math.max(0, gloss.replace(/^to /, '').split(' ').length - 1) * PHRASE_WORD;

const ENGLISH_HEADWORD = /^[A-Za-z][A-Za-z' -]*$/;

/**
 * A word's gloss that reads like a phrase's ("give sth. a try", "to mean business", "have yet to …") comes
 * from an idiom filed under the word: it goes below the word's own translations (and usually out).
 */
const PHRASY = 500_000;
const phrasy = (headword, gloss) =>
  !headword.includes(' ') && (/\b(?:sth|sb)\.|…|\.\.\.|\bone's\b/.test(gloss) || gloss.split(' ').length >= 3);
/** The score of a gloss of a direct entry (`sense` its line, `place` its place in the line) with `refs` examples and references. */
const directScore = (commonness, headword, g, refs) =>
  DIRECT +
  rich(refs) +
  (g.labelled ? 0 : PLAIN) -
  (phrasy(headword, g.text) ? PHRASY : 0) -
  wordy(headword, g.text) +
  (SENSE[g.sense] ?? 0) +
  (PLACE[g.place] ?? 0) +
  common(commonness, g.text);

/** A field's or register's word ("[phys.] pull") confirms no everyday sense: it adds no corroboration. */
function addDirect(lexicon, parsed, commonness) {
  for (const { headword, tags, glosses, refs } of parsed) {
    for (const g of glosses) {
      lexicon.addGloss(headword, g.text, directScore(commonness, headword, g, refs), !g.labelled, !g.labelled);
      lexicon.markSense(headword, g.text, senseOf(tags));
    }
  }
}

/** What the entry's grammar tags say the word is: 'v' (v, vt, vi ...), 'n', or undefined. */
const senseOf = (tags) => (tags.some((t) => /^v/.test(t)) ? 'v' : tags.includes('n') ? 'n' : undefined);

/**
 * A verb form of a word that is also a noun shows the verb's glosses: "dois" (devoir: job; must), "puedo"
 * (poder: ability; can). Where the lemma's first gloss is no verb's and it has verb glosses (its entries'
 * tags, or German verbs on the route through German say so), the form gets those as glosses of its own
 * (copies: not counted as headwords).
 */
function giveVerbFormsVerbSenses(lexicon, pairs) {
  const senses = new Map();
  const verbGlosses = (lemma) => {
    if (!senses.has(lemma)) {
      const ranked = lexicon.ranked(lemma).map(([text]) => text);
      const is = (text, sense) => lexicon.senses(lemma, text).has(sense);
      senses.set(
        lemma,
        ranked.length && is(ranked[0], 'n') && !is(ranked[0], 'v') ? ranked.filter((t) => is(t, 'v') && !is(t, 'n')).slice(0, 3) : [],
      );
    }
    return senses.get(lemma);
  };
  for (const [form, lemma] of pairs) {
    const key = lexicon.find(form);
    const e = lexicon.entries.get(key);
    if (!e || e.glosses.size || !e.lemmas.has(lexicon.find(lemma)) || [...e.lemmas][0] !== lexicon.find(lemma)) continue;
    verbGlosses(lexicon.find(lemma)).forEach((g, i) => lexicon.addGloss(key, g, DIRECT - i));
    e.copied = true;
  }
}

/**
 * German-English entries, with each conjugated form ("er/sie/es ist") also under the bare form ("ist"),
 * and a verb's entry with its object ("etw. sagen": say sth.) also under the verb ("sagen": say): Ding files
 * the main sense of many transitive verbs so, and "sagen" alone has only "speak" and "tell".
 */
function addGerman(lexicon, parsed, commonness, englishBase) {
  const singular = new Set(parsed.filter(({ tags }) => tags.includes('sg')).map(({ headword }) => headword));
  for (const { headword, tags, glosses, refs, see } of parsed) {
    const form = conjugatedForm(headword);
    if (form) {
      for (const g of glosses)
        lexicon.addGloss(
          form,
          withoutPronouns(g.text),
          directScore(commonness, form, { ...g, text: withoutPronouns(g.text), labelled: false }, refs),
        );
      // Ding conjugates a verb on its main line only, and its first reference is that line's verb ("er/sie
      // wohnt: he/she lives, see: {wohnen}"): the verb gains the gloss, in its own form (live). The export
      // lacks some of those main lines ("wohnen: live", "fahren: drive"), not their conjugations.
      // The reference may carry the verb's object: "etw. nehmen", "jdm. helfen", "ein Fahrzeug fahren".
      const verb = (see[0] ?? '').split(' ').pop();
      if (verb && /^\p{Ll}+$/u.test(verb) && sameStart(form, verb)) {
        for (const g of glosses) {
          const base = englishBase(withoutPronouns(g.text));
          if (base) lexicon.addGloss(verb, base, directScore(commonness, verb, { ...g, text: base, labelled: false }, refs) + MAIN_LINE);
        }
      }
      continue;
    }
    // A plural spelt like its singular ("Fenster" <pl>: windows) is a form of it: its glosses after the singular's.
    const samePlural = tags.includes('pl') && singular.has(headword) ? SAME_PLURAL : 0;
    // A verb's glosses without their objects ("geben": give sth. -> give), under the verb and, for a
    // headword written with its objects, also as that phrase. A headword with a person as object ("jdm.
    // etw. sagen": tell sb. sth.) is a construction of the verb, not what it says alone (say): its glosses
    // come after the plain ones and add no corroboration.
    const verb = tags.includes('v') ? (objectVerb(headword) ?? headword) : undefined;
    const construction = verb !== headword && /\bjd[mns]\./.test(headword);
    for (const g of glosses) {
      const text = verb ? withoutObjects(g.text) : '';
      if (verb !== headword || !text)
        lexicon.addGloss(
          headword,
          g.text,
          directScore(commonness, headword, g, refs) - samePlural,
          !g.labelled && !samePlural,
          !g.labelled,
        );
      if (text)
        lexicon.addGloss(
          verb,
          text,
          directScore(commonness, verb, { ...g, text }, refs) - (construction ? CONSTRUCTION : 0),
          !construction && !g.labelled,
          !g.labelled,
        );
    }
  }
}

/**
 * Attests each gloss an English -> X dictionary confirms: the English word's entries ("buy sth.", "buy")
 * list the X word ("etw. kaufen") among their translations, the fewer they list the more ("say": 4 verbs,
 * sagen among them; "tell": 6). `key` gives the X key of a translation.
 */
function attestBack(lexicon, pairs, key = (t) => t) {
  const lists = new Map();
  for (const { english, translations } of pairs) {
    for (const t of translations) {
      const k = key(t);
      if (!k) continue;
      // German nouns (capitalized) are counted apart from the rest: "say" (noun) lists Mitspracherecht
      // before the verb's entry lists sagen.
      const group = `${englishKey(english)}\t${k.charAt(0) !== k.charAt(0).toLowerCase()}`;
      const list = lists.get(group) ?? [];
      if (!list.includes(k)) list.push(k);
      lists.set(group, list);
    }
  }
  for (const [group, list] of lists)
    for (const k of list) lexicon.attest(k, group.split('\t')[0], 'back', Math.round(BACK / Math.sqrt(list.length)));
}

/**
 * German lemmas, surest first (a form keeps three at most): the supplement's irregular forms, the strong
 * and irregular verbs of supplement/de-verbs.tsv with every prefixed verb the dictionary has made of them
 * ("bekam", "angekommen"), the verb paradigms, the "see:" references of the forms' own entries ("Katzen":
 * Katze) and last hunspell's regular forms (case kept: "macht" is machen's, "Macht" a noun of its own;
 * "Katzen" is also a form of igerman98's "Katz").
 */
function linkGerman(lexicon, parsed, hunspell, supplementLemmas, verbTable) {
  // A word with an entry of its own as a singular noun or an infinitive is no other word's form ("Katze",
  // not Katz's), unless it is a verb used as a noun, only in a field's or register's sense, and declined
  // like a noun ("Vögeln" [vulg.] is also Vogel's dative plural): settleReadings decides which reads first.
  const headwords = new Set(parsed.filter(({ tags }) => tags.includes('sg') || tags.includes('v')).map(({ headword }) => headword));
  const infinitives = germanInfinitives(parsed);
  const verbalNoun = verbalNounDeclined(infinitives);
  const ownWord = (form, lemma) => headwords.has(form) && !(lexicon.specialist(lexicon.keyOf(form)) && verbalNoun(form, lemma));
  for (const [form, lemma] of supplementLemmas) lexicon.addLemma(form, lemma);
  for (const [form, lemma] of strongVerbLinks(verbTable, infinitives)) if (!headwords.has(form)) lexicon.addLemma(form, lemma);
  for (const [form, lemma] of germanParadigmLinks(parsed)) lexicon.addLemma(form, lemma);
  for (const [form, lemma] of germanLemmaHints(parsed, (word) => lexicon.hasGlosses(lexicon.keyOf(word)))) lexicon.addLemma(form, lemma);
  for (const [form, lemma] of hunspell) if (form !== lemma && !ownWord(form, lemma)) lexicon.addLemma(form, lemma);
}

/**
 * An English -> X dictionary read backwards: each X translation gets the English headword as its gloss.
 * `mirror`: the dictionary is the X-English one reversed (FreeDict's eng-fra, eng-spa), so a gloss the
 * direct entry has already is no second opinion and adds no corroboration.
 */
function addInverted(lexicon, pairs, commonness, { mirror = false } = {}) {
  for (const { english: headword, translations } of pairs) {
    // "I want: хочу" glosses хочу as "want" (its lemma's word), not as a sentence.
    const english = withoutPronouns(headword);
    if (!ENGLISH_HEADWORD.test(english) || english.split(' ').length > 3) continue;
    const obscure = commonness(english) < OBSCURE ? 500_000 : 0;
    translations.forEach((t, rank) =>
      lexicon.addGloss(
        t,
        english,
        INVERTED + PLAIN - obscure - wordy(t, english) + (INVERTED_RANK[rank] ?? 0) + common(commonness, english),
        !(mirror && lexicon.hasGloss(t, english)),
      ),
    );
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
 * X -> German -> English. For a word the X-English dictionaries lack: the German translations of the word
 * (its X-German entries, then German-X entries read backwards) glossed by the German dictionary. A word
 * that has glosses keeps them, and the German route is a second opinion: what several of its German
 * words agree on ("comer": essen, speisen -> eat) gains THROUGH_GERMAN for each (twice at most), and joins
 * the glosses in the word's own tier if it was not among them (FreeDict's spa-eng has only "lunch" for
 * comer). The first German word (the first sense of the X-German entry) counts whole, the others half. A word with none of its own that is a base form all the same ("vino": wine, not only a form of
 * venir) takes the route's.
 */
function addPivot(lexicon, german, toGerman, fromGerman, baseForms, commonness) {
  const routes = new Map();
  // German words keep their capital ("Mal": time, not "mal": times).
  const route = (word, via) => {
    const key = normalizeKey(word);
    const list = routes.get(key) ?? [];
    if (!list.includes(via)) list.push(via);
    routes.set(key, list);
  };
  for (const text of toGerman) {
    const { headword, glosses } = parseFreedictEntry(text, { wikdict: true });
    for (const g of glosses) route(headword, german.keyOf(g.text));
  }
  for (const { english: germanWord, translations } of freedictPairs(fromGerman, { wikdict: true })) {
    for (const t of translations) route(t, german.keyOf(germanWord));
  }
  for (const [key, via] of routes) {
    if (lexicon.hasGlosses(key)) {
      const reached = new Map();
      via.slice(0, GERMAN_WORDS).forEach((g, i) => {
        for (const e of german.topGlosses(g, 2)) reached.set(e, (reached.get(e) ?? 0) + (i === 0 ? 1 : 0.5));
      });
      const tier = lexicon.ranked(key)[0][1] >= DIRECT ? DIRECT : INVERTED;
      for (const [e, weight] of reached) {
        if (!lexicon.hasGloss(key, e))
          lexicon.addGloss(key, e, tier + PLAIN - THROUGH_GERMAN - wordy(key, e) + common(commonness, e), false);
        lexicon.attest(key, e, 'german', Math.round(THROUGH_GERMAN * Math.min(weight, 2)));
      }
      // A gloss reached through a German verb is a verb's, through a noun (capitalized) a noun's.
      for (const g of via.slice(0, GERMAN_WORDS)) {
        const sense = g.charAt(0) !== g.charAt(0).toLowerCase() ? 'n' : /(?:en|ern|eln)$/.test(g) ? 'v' : undefined;
        for (const e of german.topGlosses(g, 2)) lexicon.markSense(key, e, sense);
      }
    } else if (!lexicon.hasMeaning(key) || baseForms.has(key)) {
      via
        .slice(0, 3)
        .forEach((g, gi) =>
          german.topGlosses(g, 2).forEach((e, ei) => lexicon.addGloss(key, e, PIVOT + (RANK[gi] ?? 0) + (ei === 0 ? 50_000 : 0))),
        );
    }
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

async function build(language, sources, commonness, german, write = true) {
  const isFormOf = englishForms(englishIrregular());
  const lexicon = new Lexicon({ cased: language === 'de' });
  const supplementLemmas = addSupplement(lexicon, supplementLines(language));
  const germanEntries = language === 'de' ? packageEntries(sources, 'dict-freedict-deu-eng').map((text) => parseFreedictEntry(text)) : [];
  if (language === 'de') {
    addGerman(lexicon, germanEntries, commonness, englishBaseForm(englishIrregular(), commonness));
    // English-German (Ding read the other way) confirms the usual senses: "train: Zug", "say sth.: etw. sagen".
    attestBack(lexicon, freedictPairs(packageEntries(sources, 'dict-freedict-eng-deu')), (t) => objectVerb(t) ?? t);
  } else if (language === 'fr' || language === 'es') {
    const [direct, inverse] =
      language === 'fr' ? ['dict-freedict-fra-eng', 'dict-freedict-eng-fra'] : ['dict-freedict-spa-eng', 'dict-freedict-eng-spa'];
    addDirect(
      lexicon,
      packageEntries(sources, direct).map((text) => parseFreedictEntry(text)),
      commonness,
    );
    // The dictionary of the other direction is the same data reversed: it adds words, not agreement.
    addInverted(lexicon, freedictPairs(packageEntries(sources, inverse)), commonness, { mirror: true });
  } else {
    addInverted(lexicon, freedictPairs(packageEntries(sources, 'dict-freedict-eng-rus')), commonness);
    addInverted(lexicon, muellerPairs(packageEntries(sources, 'mueller7-dict')), commonness);
  }
  const hunspell = [];
  const forms = await expandInflections(language, (form, lemma) => hunspell.push([form, lemma]));
  const analyzed = [];
  if (ANALYZERS[language]) {
    const words = new Set([...hunspell.flat().map(normalizeKey), ...[...lexicon.entries.keys()].filter((k) => !k.includes(' '))]);
    // Apertium writes œ as "oe" ("yeux" -> "oeil"): the spelling with œ is the headword where it has glosses.
    await analyze(sources, language, words, (word, lemmas, readings) =>
      analyzed.push(...lemmas.map((l) => [word, l, l.replace(/oe/g, 'œ'), readings.some((r) => r.lemma === l && r.verb)])),
    );
  }
  const link = () => {
    if (language === 'de')
      return linkGerman(lexicon, germanEntries, hunspell, supplementLemmas, parseVerbTable(readSupplement('de-verbs.tsv')));
    // The supplement first, then Apertium (it knows irregular forms and tells homonyms apart), hunspell's
    // stems after it, and those only where nothing better said what the word is.
    for (const [form, lemma] of supplementLemmas) lexicon.addLemma(form, lemma);
    for (const [form, lemma, ligature] of analyzed) lexicon.addLemma(form, lexicon.hasGlosses(ligature) ? ligature : lemma);
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
    const baseForms = new Set(analyzed.filter(([form, lemma, ligature]) => form === lemma || form === ligature).map(([form]) => form));
    addPivot(
      lexicon,
      german,
      pivot.to ? packageEntries(sources, pivot.to) : [],
      packageEntries(sources, pivot.from),
      baseForms,
      commonness,
    );
    link();
  }
  if (ANALYZERS[language]) preferLemmaGlosses(lexicon, analyzed, hunspell);
  // Base forms by the analyser's word (Apertium: "nuit" is a noun of its own) or the dictionary's entry (Ding: "Essen" <neut, sg>).
  const baseForms = new Set(
    language === 'de'
      ? germanBaseForms(germanEntries).map((h) => lexicon.keyOf(h))
      : analyzed.filter(([form, lemma, ligature]) => form === lemma || form === ligature).map(([form]) => form),
  );
  keepSupplementOrder(lexicon, supplementLines(language));
  if (language === 'de') followPluralLemmas(lexicon, baseForms);
  const declined = language === 'de' ? verbalNounDeclined(germanInfinitives(germanEntries)) : undefined;
  const named = new Set(supplementLemmas.map(([form]) => lexicon.keyOf(form)));
  settleReadings(lexicon, { baseForms, commonness, isFormOf, declined, named });
  if (ANALYZERS[language]) {
    const verbForms = analyzed.filter(([form, , , verb]) => verb && !baseForms.has(form));
    giveVerbFormsVerbSenses(
      lexicon,
      verbForms.map(([form, lemma, ligature]) => [form, lexicon.hasGlosses(ligature) ? ligature : lemma]),
    );
  }
  const lines = lexicon.toLines();
  const data = zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 });
  if (write) fs.writeFileSync(path.join(OUT, `${language}.tsv.gz`), data);
  const stats = { language, headwords: lexicon.headwordCount, keys: lines.length, hunspellForms: forms, bytes: data.length };
  console.log(JSON.stringify(stats));
  return { stats, lexicon };
}

/** `--explain a,b`: prints how the glosses (and lemmas) of these keys were ranked, for tuning. */
function explain(language, lexicon, keys) {
  for (const key of keys) {
    const found = lexicon.find(lexicon.keyOf(key));
    const e = lexicon.entries.get(found);
    console.log(`${language} ${found}: lemmas [${[...(e?.lemmas ?? [])].join(', ')}]`);
    for (const [text, score] of lexicon.ranked(found).slice(0, 10)) {
      const g = e.glosses.get(text);
      console.log(
        `  ${score.toLocaleString('en').padStart(12)}  ${text}  (best ${g.best.toLocaleString('en')}, ${g.mentions}x, ${JSON.stringify(g.attested ?? {})})`,
      );
    }
  }
}

async function main() {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const sources = option('--sources') ? path.resolve(option('--sources')) : fs.mkdtempSync(path.join(os.tmpdir(), 'verba-dictionaries-'));
  // --languages fr,es: rebuild only these (German is always built: the others gloss through it).
  const languages = (option('--languages') ?? 'de,fr,es,ru').split(',');
  const keys = option('--explain')?.split(',') ?? [];
  fetchPackages(sources);
  fs.mkdirSync(OUT, { recursive: true });
  const commonness = englishCommonness();
  const { stats: de, lexicon: german } = await build('de', sources, commonness, undefined, languages.includes('de'));
  if (languages.includes('de')) explain('de', german, keys);
  const stats = [de];
  for (const language of ['fr', 'es', 'ru'].filter((l) => languages.includes(l))) {
    const { stats: s, lexicon } = await build(language, sources, commonness, german);
    explain(language, lexicon, keys);
    stats.push(s);
  }
  if (stats.length === 4) writeSources(OUT, sources, stats);
}

// Run as a script (not when a test imports its functions).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
