// How common an English word is, measured without a frequency list: the number of headwords of the big
// English-German FreeDict dictionary (Ding) that contain it. "cold" is in hundreds ("cold war", "catch a
// cold" ...), "gelid" in one. Used to put the everyday translation of a word first.
import { normalizeKey } from './entries.mjs';

const FILLERS = new Set(['to', 'a', 'an', 'the', 'be', 'of', "one's", 'oneself', 'sth', 'sb', 'someone', 'something', 'sth.', 'sb.']);

export function englishCommonness(headwords) {
  const counts = new Map();
  for (const headword of headwords) {
    for (const token of new Set(normalizeKey(headword).split(' '))) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  /** The commonness of a gloss: its rarest word that is not a filler ("to", "the", "sth."). */
  return (gloss) => {
    const tokens = normalizeKey(gloss).split(' ');
    const content = tokens.filter((t) => !FILLERS.has(t));
    return Math.min(...(content.length ? content : tokens).map((t) => counts.get(t) ?? 0));
  };
}
