import { describe, expect, it } from 'vitest';
import { tokenize } from '@verba/contracts';
import { matchSeparable, separableLookups, splitSeparable } from './separable';

/** The page's word keys and the text between them, as the reader's WordIndex has them. */
function page(text: string) {
  const words: string[] = [];
  const gaps: string[] = [];
  let gap = '';
  for (const token of tokenize(text)) {
    if (token.kind === 'other') {
      gap += token.text;
      continue;
    }
    if (words.length > 0) gaps.push(gap);
    gap = '';
    words.push(token.key);
  }
  return { words, gaps };
}

/** Base words as the bundled German dictionary links them (services/data/dictionaries/de.tsv.gz). */
const BASES = new Map([
  ['steht', 'stehen'],
  ['stehe', 'stehen'],
  ['stand', 'stehen'],
  ['stehen', 'stehen'],
  ['fängt', 'fangen'],
  ['kam', 'kommen'],
  ['ruft', 'rufen'],
  ['er', 'er'],
  ['ich', 'ich'],
]);

const found = (text: string, entries: string[], bases = BASES) => {
  const { words, gaps } = page(text);
  return matchSeparable(words, gaps, bases, entries).map(({ key, verb, particle }) => `${key}: ${words[verb]} … ${words[particle]}`);
};

describe('splitSeparable', () => {
  it('splits a particle off a verb, the longest particle first', () => {
    expect(splitSeparable('aufstehen')).toEqual({ particle: 'auf', verb: 'stehen' });
    expect(splitSeparable('zurückkommen')).toEqual({ particle: 'zurück', verb: 'kommen' });
    expect(splitSeparable('anfangen')).toEqual({ particle: 'an', verb: 'fangen' });
  });

  it('leaves words that are no particle and verb', () => {
    expect(splitSeparable('stehen')).toBeNull();
    expect(splitSeparable('auto')).toBeNull();
    expect(splitSeparable('zum beispiel')).toBeNull();
  });
});

describe('matchSeparable: a saved separable verb split in a sentence', () => {
  it('finds the verb and its particle at the end of the sentence, in any form the analyser links', () => {
    expect(found('Er steht jeden Morgen um sechs auf.', ['aufstehen'])).toEqual(['aufstehen: steht … auf']);
    expect(found('Gestern stand ich spät auf, weil es regnete.', ['aufstehen'])).toEqual(['aufstehen: stand … auf']);
    expect(found('Der Film fängt um acht an! Er kam gestern zurück.', ['anfangen', 'zurückkommen'])).toEqual([
      'anfangen: fängt … an',
      'zurückkommen: kam … zurück',
    ]);
  });

  it('finds it across a line break, and at the end of the page without punctuation', () => {
    expect(found('Ich stehe morgen\nfrüh auf', ['aufstehen'])).toEqual(['aufstehen: stehe … auf']);
  });

  it('takes no preposition for a particle: "auf" followed by more of its clause', () => {
    expect(found('Er steht auf dem Tisch.', ['aufstehen'])).toEqual([]);
  });

  it('stays inside one sentence', () => {
    expect(found('Er steht dort. Dann geht er auf.', ['aufstehen'])).toEqual([]);
  });

  it('needs the entry saved, and the analyser’s base words (none for a language without them)', () => {
    expect(found('Er steht jeden Morgen auf.', ['stehen'])).toEqual([]);
    expect(found('Er steht jeden Morgen auf.', ['aufstehen'], new Map())).toEqual([]);
  });
});

describe('separableLookups', () => {
  it('asks for the base words of the words before a saved verb’s particle in its sentence only', () => {
    const { words, gaps } = page('Wir essen. Er steht früh auf. Sie lacht.');
    expect(separableLookups(words, gaps, ['aufstehen'])).toEqual(['er', 'steht', 'früh']);
    expect(separableLookups(words, gaps, ['zum beispiel', 'haus'])).toEqual([]);
  });
});
