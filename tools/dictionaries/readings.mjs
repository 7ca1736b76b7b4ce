// Which reading of a word a look-up shows first, once every source has been read and every form linked.
// "nuit" is a noun (night) and a form of nuire, "porte" a noun (door) and a form of porter, "casa" a noun
// (house) and a form of casarse: a word that is a base form with glosses of its own shows them and claims
// no base form, unless the other reading is much more common ("est": is, from être, before east). A form
// with glosses of its own from its own entries shows first the one that is its lemma's meaning ("fand":
// found, of finden's find, before thought). A form of several words names the commonest first ("sommes":
// être before somme).

/**
 * How many times more common (SUBTLEX count of the first gloss) a form's other reading must be to stand
 * before the word's own: "été" summer / être be (73x), "est" east / be; not "porte" door / porter carry (0.2x).
 */
export const MUCH_MORE = 8;
/** Two glosses of a lemma this close in score are about as likely. */
export const CLOSE = 100_000;

/**
 * `baseForms`: keys that are a base form themselves (an analyser or the dictionary says so);
 * `commonness(gloss)`: its SUBTLEX count; `isFormOf(gloss, base)`: English inflection.
 */
export function settleReadings(lexicon, { baseForms, commonness, isFormOf }) {
  const reading = (key) => {
    const [top] = lexicon.topGlosses(key, 1);
    return top ? commonness(top) : 0;
  };
  const byReading = (lemmas) =>
    lemmas
      .map((l, i) => [l, reading(l), i])
      .sort((a, b) => b[1] - a[1] || a[2] - b[2])
      .map(([l]) => l);
  for (const [key, e] of lexicon.entries) {
    if (!e.lemmas.size) continue;
    const lemmas = [...e.lemmas];
    if (!e.glosses.size) {
      lexicon.setLemmas(key, byReading(lemmas));
      continue;
    }
    if (baseForms.has(key)) {
      const own = Math.max(1, commonness(lexicon.topGlosses(key, 1)[0]));
      const kept = byReading(lemmas.filter((l) => reading(l) >= MUCH_MORE * own));
      lexicon.setLemmas(key, kept);
      if (kept.length) for (const g of lexicon.topGlosses(kept[0], 2).reverse()) lexicon.promote(key, g);
      continue;
    }
    // An inflected form with glosses of its own: the one that is a form of its lemma's first meaning goes
    // first (or of its second, when the lemma's two are about as likely: "Häuser": houses, of Haus: home,
    // house); where none is, that meaning itself ("spielte": gambled, pretended; spielen: play).
    const [first, second] = lexicon.ranked(lemmas[0]);
    if (!first) continue;
    const own = lexicon.ranked(key).map(([text]) => text);
    const match = own.find((g) => isFormOf(g, first[0])) ?? (second && first[1] - second[1] < CLOSE ? own.find((g) => isFormOf(g, second[0])) : undefined);
    lexicon.promote(key, match ?? first[0]);
  }
}
