import { describe, expect, it } from 'vitest';
import { tokenize } from '@verba/contracts';
import { matchPhrases, phraseRefusal } from './phrase-match';

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

const found = (text: string, phrases: string[]) => {
  const { words, gaps } = page(text);
  return matchPhrases(words, gaps, phrases).map(({ key, first, last }) => `${key}@${first}-${last}`);
};

describe('matchPhrases: saved phrases in a page (issue 38.3)', () => {
  it('finds every occurrence, case-insensitively', () => {
    expect(found('Zum Beispiel heute, zum beispiel morgen. ZUM BEISPIEL!', ['zum beispiel'])).toEqual([
      'zum beispiel@0-1',
      'zum beispiel@3-4',
      'zum beispiel@6-7',
    ]);
  });

  it('finds a phrase that a line break splits, but not one a paragraph splits', () => {
    expect(found('Das ist zum\nBeispiel gut.', ['zum beispiel'])).toEqual(['zum beispiel@2-3']);
    expect(found('Das ist zum\r\n  Beispiel gut.', ['zum beispiel'])).toEqual(['zum beispiel@2-3']);
    expect(found('Das ist zum\n\nBeispiel gut.', ['zum beispiel'])).toEqual([]);
  });

  it('does not run a phrase across a comma, a full stop, a dash or a quote mark', () => {
    expect(found('Ich komme zum, Beispiel.', ['zum beispiel'])).toEqual([]);
    expect(found('Er kam zum. Beispiel folgt.', ['zum beispiel'])).toEqual([]);
    expect(found('zum – Beispiel', ['zum beispiel'])).toEqual([]);
    expect(found('zum „Beispiel“', ['zum beispiel'])).toEqual([]);
  });

  it('lets the earlier of two overlapping phrases win, and the longer one at the same start', () => {
    expect(found('zum Beispiel dafür', ['beispiel dafür', 'zum beispiel'])).toEqual(['zum beispiel@0-1']);
    expect(found('zum Beispiel dafür', ['zum beispiel', 'zum beispiel dafür'])).toEqual(['zum beispiel dafür@0-2']);
    expect(found('nach und nach und nach', ['nach und nach'])).toEqual(['nach und nach@0-2']);
  });

  it('needs every word: a phrase cut short at the end of the page is not there', () => {
    expect(found('und dann zum', ['zum beispiel'])).toEqual([]);
    expect(found('zum Beispielsatz', ['zum beispiel'])).toEqual([]);
  });

  it('keys French elisions as the reader does', () => {
    expect(found("C'est l’homme qui rit", ["l' homme"])).toEqual(["l' homme@2-3"]);
  });

  it('ignores single words and keys of more than eight words', () => {
    expect(found('ein zwei drei vier fünf sechs sieben acht neun', ['ein', 'ein zwei drei vier fünf sechs sieben acht neun'])).toEqual([]);
  });
});

describe('phraseRefusal: which selections can be saved as a phrase', () => {
  it('takes two to eight words with white space between', () => {
    expect(phraseRefusal(2, [' '])).toBeNull();
    expect(phraseRefusal(8, [' ', '\n', ' ', ' ', ' ', ' ', ' '])).toBeNull();
  });

  it('refuses nine words, and punctuation between words, saying why', () => {
    expect(phraseRefusal(9, Array(8).fill(' '))).toBe('A phrase has at most 8 words');
    expect(phraseRefusal(2, [', '])).toBe('Words with punctuation or a paragraph between them cannot be saved as one phrase.');
  });
});
