// English inflection, enough to tell that one gloss is a form of another: "cats" of "cat", "found" of
// "find", "children" of "child", "went out" of "go out". Regular forms by rule, irregular ones from
// supplement/en-forms.tsv.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { englishKey } from './lexicon.mjs';

/** base -> its irregular forms, from the text of en-forms.tsv; `nouns` the bases after its "# plurals" line. */
export function parseIrregular(text) {
  const table = new Map();
  table.nouns = new Set();
  let nouns = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('# plurals')) nouns = true;
    if (!line.trim() || line.startsWith('#')) continue;
    const [base, forms] = line.split('\t');
    table.set(base.trim(), forms.trim().split(/\s+/));
    if (nouns) table.nouns.add(base.trim());
  }
  return table;
}

const VOWEL = /[aeiou]/;

/** The regular forms of one English word: -s/-es/-ies, -ed/-d/-ied, -ing, a doubled last consonant (stopped, stopping). */
function regularForms(word) {
  const forms = [word, `${word}s`, `${word}es`, `${word}ed`, `${word}d`, `${word}ing`];
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  if (word.endsWith('e')) forms.push(`${word.slice(0, -1)}ing`);
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(word) && VOWEL.test(word))
    forms.push(`${word}${word.slice(-1)}ed`, `${word}${word.slice(-1)}ing`);
  return forms;
}

/**
 * `isFormOf(form, base)`: whether the gloss `form` is `base` or one of its forms, compared as englishKey
 * ("to go out", "went out"). In a phrase only the first word inflects.
 */
export function englishForms(irregular) {
  const formsOf = (word) => new Set([...regularForms(word), ...(irregular.get(word) ?? [])]);
  return function isFormOf(form, base) {
    const [f, ...fRest] = englishKey(form).split(' ');
    const [b, ...bRest] = englishKey(base).split(' ');
    return fRest.join(' ') === bRest.join(' ') && formsOf(b).has(f);
  };
}

export const englishIrregular = () =>
  parseIrregular(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'supplement', 'en-forms.tsv'), 'utf8'));

/**
 * `baseOf(gloss)`: the base form of an English verb's form ("drives" -> "drive", "drove" -> "drive",
 * "lives" -> "live", "carries out" -> "carry out"), the commonest verb it can be a form of; the gloss
 * itself when it is none; undefined for an empty one.
 */
export function englishBaseForm(irregular, commonness) {
  const isFormOf = englishForms(irregular);
  const reverse = new Map();
  for (const [base, forms] of irregular) if (!irregular.nouns?.has(base)) for (const f of forms) if (!reverse.has(f)) reverse.set(f, base);
  return function baseOf(gloss) {
    const [word, ...rest] = englishKey(gloss).split(' ');
    if (!word) return undefined;
    if (reverse.has(word)) return [reverse.get(word), ...rest].join(' ');
    const candidates = [
      word.replace(/ies$/, 'y'),
      word.replace(/ied$/, 'y'),
      word.replace(/e?s$/, ''),
      word.replace(/e?d$/, ''),
      word.replace(/(.)\1ed$/, '$1'),
      word.replace(/s$/, ''),
      word.replace(/d$/, ''),
    ];
    const bases = candidates.filter((c) => c && c !== word && isFormOf(word, c) && commonness(c) > 0);
    bases.sort((a, b) => commonness(b) - commonness(a));
    return [bases[0] ?? word, ...rest].join(' ');
  };
}
