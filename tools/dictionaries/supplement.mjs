// The hand-written supplement (supplement/<language>.tsv, `key<TAB>glosses[<TAB>lemma]`): contractions,
// function words, modal verbs whose sources put a rarer sense first, and irregular forms no source links
// to their lemma ("ist" -> sein).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The supplement's tier: above every source's (build.mjs: DIRECT 30,000,000). */
export const SUPPLEMENT = 40_000_000;

export const readSupplement = (name) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'supplement', name), 'utf8');

/** The [key, glosses, lemma] rows of supplement/<language>.tsv, comments left out. */
export const supplementLines = (language) =>
  readSupplement(`${language}.tsv`)
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'));

/** Adds the rows' glosses in their order; returns the [form, lemma] pairs, linked once the lemmas have their glosses. */
export function addSupplement(lexicon, rows) {
  const lemmas = [];
  for (const [key, glosses, lemma] of rows) {
    if (glosses) glosses.split('; ').forEach((g, i) => lexicon.addGloss(key, g, SUPPLEMENT - i));
    if (lemma) lemmas.push([key, lemma]);
  }
  return lemmas;
}

/**
 * The supplement's glosses first and in its order, whatever the sources add to them: what other entries and
 * dictionaries confirm would otherwise lift "may" above the supplement's "can" for können.
 */
export function keepSupplementOrder(lexicon, rows) {
  for (const [key, glosses] of rows) {
    const own = (glosses ?? '').split('; ').filter((g) => g && lexicon.hasGloss(key, g));
    for (const g of own.reverse()) lexicon.promote(lexicon.keyOf(key), g);
  }
}
