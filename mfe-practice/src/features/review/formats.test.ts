// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { assignFormats, clozeOf, DEFAULT_MIX, loadMix, orderedMix, pickOptions, saveMix } from './formats';

afterEach(() => localStorage.clear());

const gaps = (sentence: string, word: string) => {
  const cloze = clozeOf(sentence, word);
  return cloze && { text: cloze.pieces.map((p) => (p.gap ? '___' : p.text)).join(''), answer: cloze.answer };
};

describe('clozeOf', () => {
  it('blanks the word where it stands, a phrase as one gap, a form of it as the sentence writes it', () => {
    expect(gaps('Ich sehe den Hund im Park.', 'Hund')).toEqual({ text: 'Ich sehe den ___ im Park.', answer: 'Hund' });
    expect(gaps('Zum Beispiel heute.', 'zum Beispiel')).toEqual({ text: '___ heute.', answer: 'Zum Beispiel' });
    expect(gaps("L'élève lit.", 'élève')).toEqual({ text: "L'___ lit.", answer: 'élève' });
    expect(gaps('Das Dach des Hauses ist rot.', 'Haus')).toEqual({ text: 'Das Dach des ___ ist rot.', answer: 'Hauses' });
    expect(gaps('Я вижу собаку.', 'собака')).toEqual({ text: 'Я вижу ___.', answer: 'собаку' });
  });

  it('blanks every place the word stands, and is null without a sentence or the word in it', () => {
    expect(gaps('Hund oder Hund?', 'Hund')?.text).toBe('___ oder ___?');
    expect(clozeOf(undefined, 'Hund')).toBeNull();
    expect(clozeOf('Die Katze schläft.', 'Hund')).toBeNull();
  });
});

describe('assignFormats', () => {
  const withSentence = { sourceValue: 'Hund', sentence: 'Der Hund bellt.' };
  const without = { sourceValue: 'Katze' };

  it('gives the mix in turn', () => {
    expect(assignFormats([without, without, without, without], ['flip', 'typed', 'listening'])).toEqual([
      'flip',
      'typed',
      'listening',
      'flip',
    ]);
  });

  it('gives cloze only to a card whose sentence holds its word; the cloze turn waits for the next such card', () => {
    expect(assignFormats([without, withSentence, withSentence], ['flip', 'cloze'])).toEqual(['flip', 'cloze', 'flip']);
    expect(assignFormats([without, without, withSentence], ['cloze', 'typed'])).toEqual(['typed', 'typed', 'cloze']);
    expect(assignFormats([without, withSentence], ['cloze'])).toEqual(['typed', 'cloze']); // cloze alone: typed instead
    expect(assignFormats([{ sourceValue: 'Maus', sentence: 'Der Hund bellt.' }], ['cloze'])).toEqual(['typed']);
  });
});

describe('pickOptions', () => {
  it("offers the card's word and three other words, each once", () => {
    const options = pickOptions('Hund', ['Hund', 'Katze', 'katze', 'Haus', 'Maus', 'Baum', 'HUND']);
    expect(options).toHaveLength(4);
    expect(options).toContain('Hund');
    expect(new Set(options.map((o) => o.toLowerCase())).size).toBe(4);
  });

  it('offers fewer with fewer words', () => {
    expect(pickOptions('Hund', ['Hund', 'Katze']).sort()).toEqual(['Hund', 'Katze']);
    expect(pickOptions('Hund', ['Hund'])).toEqual(['Hund']);
  });
});

describe('the remembered mix', () => {
  it('is flip alone at first, keeps what was saved, in the formats order, and ignores what it cannot read', () => {
    expect(loadMix()).toEqual(DEFAULT_MIX);
    saveMix(orderedMix({ formats: ['listening', 'cloze'], answerMode: 'pick' }));
    expect(loadMix()).toEqual({ formats: ['cloze', 'listening'], answerMode: 'pick' });
    localStorage.setItem('verba.practice.review-mix', '{"formats":["dance"]}');
    expect(loadMix()).toEqual(DEFAULT_MIX);
    localStorage.setItem('verba.practice.review-mix', 'not json');
    expect(loadMix()).toEqual(DEFAULT_MIX);
  });
});
