// Which reading of a word a look-up shows first, once every source has been read and every form linked.
// "nuit" is a noun (night) and a form of nuire, "porte" a noun (door) and a form of porter, "casa" a noun
// (house) and a form of casarse: a word that is a base form with glosses of its own shows them and claims
// no base form, unless the other reading is much more common ("est": be; east, from être). A form
// with glosses of its own from its own entries shows first the one that is its lemma's meaning ("fand":
// found, of finden's find, before thought). A form of several words names the commonest first ("sommes":
// être before somme). A word that is only a field's or register's word ("Vögeln" [vulg.]) and also a plain
// word's form reads as that form (Vogel's dative plural).

/**
 * How many times more common (SUBTLEX count of the first gloss) a form's other reading must be to stand
 * before the word's own: "été" summer / être be (73x), "est" east / be; not "porte" door / porter carry (0.2x).
 */
export const MUCH_MORE = 8;
/**
 * How many times more common a form's later lemma must be to be named first: "sommes" être (be) before
 * somme; not "большая" больший (more) before большой (big).
 */
export const AHEAD = 4;
/** Two glosses of a lemma this close in score are about as likely. */
export const CLOSE = 100_000;

/**
 * `baseForms`: keys that are a base form themselves (an analyser or the dictionary says so);
 * `commonness(gloss)`: its SUBTLEX count; `isFormOf(gloss, base)`: English inflection; `declined(form,
 * lemma)`: the form, a verb used as a noun, is also a plural or case of that noun (German; where not
 * given, no word yields so); `named`: forms whose lemma the supplement names ("keine": kein), kept.
 */
export function settleReadings(lexicon, { baseForms, commonness, isFormOf, declined, named = new Set() }) {
  // Each lemma's reading as the sources gave it, before any of this moves glosses.
  const readings = new Map();
  for (const e of lexicon.entries.values())
    for (const l of e.lemmas) if (!readings.has(l)) readings.set(l, commonness(lexicon.topGlosses(l, 1)[0] ?? ''));
  const reading = (key) => readings.get(key) ?? 0;
  // Words whose every gloss is a field's or register's, as the sources gave them.
  const specialist = new Set([...lexicon.entries.keys()].filter((key) => lexicon.specialist(key)));
  // The sources' order, unless a later lemma's reading is much more common than the first's.
  const byReading = (lemmas) => {
    if (lemmas.length < 2) return lemmas;
    const first = reading(lemmas[0]);
    const ahead = lemmas.filter((l) => reading(l) >= AHEAD * Math.max(1, first)).sort((a, b) => reading(b) - reading(a));
    return [...ahead, ...lemmas.filter((l) => !ahead.includes(l))];
  };
  for (const [key, e] of lexicon.entries) {
    if (!e.lemmas.size) continue;
    const lemmas = [...e.lemmas];
    if (!e.glosses.size) {
      lexicon.setLemmas(key, byReading(lemmas));
      continue;
    }
    if (baseForms.has(key) && !named.has(key)) {
      const own = Math.max(1, commonness(lexicon.topGlosses(key, 1)[0]));
      // A verb used as a noun only in a field's or register's sense ("das Vögeln" [vulg.]) reads as the
      // plain noun's form it also is (Vogel's dative plural: bird), and shows that noun's meaning alone.
      if (specialist.has(key) && declined) {
        const plain = byReading(lemmas.filter((l) => !specialist.has(l) && declined(key, l)));
        if (plain.length) {
          lexicon.dropGlosses(key);
          lexicon.setLemmas(key, plain);
          continue;
        }
      }
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
    const match =
      own.find((g) => isFormOf(g, first[0])) ??
      (second && first[1] - second[1] < CLOSE ? own.find((g) => isFormOf(g, second[0])) : undefined);
    lexicon.promote(key, match ?? first[0]);
  }
}
