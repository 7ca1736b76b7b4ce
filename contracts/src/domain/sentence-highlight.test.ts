import { describe, expect, it } from 'vitest';
import { highlightSentence, sentenceWith } from './sentence-highlight';

const marked = (sentence: string, word: string) =>
  highlightSentence(sentence, word)
    .filter((p) => p.mark)
    .map((p) => p.text);

describe('highlighting a card’s word in its sentence', () => {
  it('marks the whole word whatever its case, and gives the sentence back as written', () => {
    const parts = highlightSentence('Das Haus ist alt, das HAUS steht.', 'haus');
    expect(parts).toEqual([
      { text: 'Das ', mark: false },
      { text: 'Haus', mark: true },
      { text: ' ist alt, das ', mark: false },
      { text: 'HAUS', mark: true },
      { text: ' steht.', mark: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Das Haus ist alt, das HAUS steht.');
  });

  it('does not mark the word inside another word when the word itself is there', () => {
    expect(marked('Im Hausflur steht das Haus.', 'Haus')).toEqual(['Haus']);
  });

  it('marks Cyrillic words', () => {
    expect(marked('Я читаю Книгу каждый день.', 'книгу')).toEqual(['Книгу']);
  });

  it('falls back to the form sharing the longest start with the word', () => {
    expect(marked('Die Tür des Hauses ist rot.', 'Haus')).toEqual(['Hauses']);
    expect(marked('Er geht nach Hause.', 'gehen')).toEqual(['geht']);
    expect(marked('Я взял книгу.', 'книга')).toEqual(['книгу']);
  });

  it('marks nothing when no form is close enough', () => {
    expect(marked('Gestern ging ich nach Hause.', 'gehe')).toEqual([]);
    expect(highlightSentence('Der Hund bellt.', 'Katze')).toEqual([{ text: 'Der Hund bellt.', mark: false }]);
  });

  it('marks a phrase card where it stands whole, else its longest word', () => {
    expect(marked('Das ist zum Beispiel gut.', 'zum Beispiel')).toEqual(['zum', 'Beispiel']);
    expect(marked('Der Hund läuft.', 'der Hund')).toEqual(['Der', 'Hund']);
    expect(marked('Ich sehe den Hund, der läuft.', 'der Hund')).toEqual(['Hund']);
    expect(marked('Ich sehe die Hunde.', 'der Hund')).toEqual(['Hunde']);
  });

  it('keeps French elisions apart from the word', () => {
    expect(marked("J'aime l'homme.", 'homme')).toEqual(['homme']);
  });

  it('finds the sentence of a text a card keeps: the word itself first, else a form of it', () => {
    const text = 'Die Tür des Hauses ist rot.\nWir gehen ins Haus. Das Haus ist alt.';
    expect(sentenceWith(text, 'das Haus')).toBe('Das Haus ist alt.');
    expect(sentenceWith(text, 'Haus')).toBe('Wir gehen ins Haus.');
    expect(sentenceWith('Die Tür des Hauses ist rot. Sie ist alt.', 'Haus')).toBe('Die Tür des Hauses ist rot.');
    expect(sentenceWith(text, 'Katze')).toBeUndefined();
  });
});
