import { describe, expect, it } from 'vitest';
import { EntryValueSchema, WordValueSchema, patchWord } from './vocabulary';

const message = (value: string) => EntryValueSchema.safeParse(value).error?.issues[0]?.message;

describe('dictionary values: words and phrases (issue 38.3)', () => {
  it('takes a phrase of up to 8 words and keys it', () => {
    expect(EntryValueSchema.parse('Zum\nBeispiel')).toBe('zum beispiel');
    expect(EntryValueSchema.parse('eins zwei drei vier fünf sechs sieben acht')).toBe('eins zwei drei vier fünf sechs sieben acht');
  });

  it('refuses a phrase of 9 words with a clear message', () => {
    expect(message('eins zwei drei vier fünf sechs sieben acht neun')).toBe('A phrase has at most 8 words');
  });

  it('keeps the word rules for a single word', () => {
    expect(EntryValueSchema.parse('Haus!')).toBe('haus');
    expect(message('...')).toBe('Not a word');
    expect(message('a'.repeat(101))).toBe('A word has at most 100 letters');
    expect(message('ab '.repeat(101))).toBe('A word or phrase has at most 300 letters');
  });

  it('is what marking a word takes; a word-only value still refuses nothing new', () => {
    const body = patchWord.body!.parse({ languageCode: 'de', word: { value: 'Zum Beispiel', status: 'uncertain' } });
    expect(body.word.value).toBe('zum beispiel');
    expect(WordValueSchema.parse('Haus')).toBe('haus');
  });
});
