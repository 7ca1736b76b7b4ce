import { describe, expect, it } from 'vitest';
import { entryKey, entryWordCount, isPhraseKey } from './words';

describe('entryKey: a word or a phrase as the dictionary keys it', () => {
  it('keys text without white space as one word, as before', () => {
    expect(entryKey('Beispiel')).toBe('beispiel');
    expect(entryKey("l'homme")).toBe("l'homme");
    expect(entryKey('„Haus“')).toBe('haus');
  });

  it("keys a phrase as its words' keys joined by one space, whatever was between them", () => {
    expect(entryKey('Zum Beispiel')).toBe('zum beispiel');
    expect(entryKey('zum\nBeispiel')).toBe('zum beispiel');
    expect(entryKey('  zum   BEISPIEL, ')).toBe('zum beispiel');
    expect(entryKey('ja, aber')).toBe('ja aber');
    expect(entryKey("l'homme est")).toBe("l' homme est");
  });

  it('keys a "phrase" of one word and punctuation as that word, and nothing as nothing', () => {
    expect(entryKey('Hund .')).toBe('hund');
    expect(entryKey(' 2024 , ')).toBe('');
  });

  it('counts the words of a key and tells phrases from words', () => {
    expect(entryWordCount('zum beispiel')).toBe(2);
    expect(entryWordCount('haus')).toBe(1);
    expect(entryWordCount('')).toBe(0);
    expect(isPhraseKey('zum beispiel')).toBe(true);
    expect(isPhraseKey("aujourd'hui")).toBe(false);
  });
});
