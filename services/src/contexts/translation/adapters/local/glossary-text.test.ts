import { describe, expect, it } from 'vitest';
import { GLOSSARIES } from './glossaries/index';
import { detectLanguage, lookupKey, phraseKeys, tokenize, translateByLookup } from './glossary-text';
import { moderateLocally } from './moderation';

const glossary = (lang: keyof typeof GLOSSARIES) => (key: string) => GLOSSARIES[lang][key];

describe('word-by-word translation with the glossaries', () => {
  it('keeps punctuation and spacing, prefers phrases, and capitalises only where a sentence starts', () => {
    expect(translateByLookup('„Guten Morgen! Vier Brötchen, bitte“', glossary('de'))).toEqual({
      translation: '„Good morning! Four bread roll, please“',
      known: 5,
    });
    expect(translateByLookup("C'est l’eau de la mer.", glossary('fr')).translation).toBe('It is the water of the sea.');
    expect(translateByLookup('Спокойной ночи, мама', glossary('ru')).translation).toBe('Good night, mum');
  });

  it('never joins a phrase across punctuation', () => {
    expect(
      translateByLookup('Guten, Morgen', (k) => ({ 'guten morgen': 'good morning', guten: 'good', morgen: 'morning' })[k]).translation,
    ).toBe('Good, morning');
  });

  it('leaves unknown words as they are and says how many it knew', () => {
    expect(translateByLookup('Xylofon und Zebra', glossary('de'))).toEqual({ translation: 'Xylofon and Zebra', known: 1 });
    expect(translateByLookup('Qwertz', glossary('de')).known).toBe(0);
  });

  it('tokenizes words with apostrophes as one word and lists phrases up to four words', () => {
    expect(tokenize("l'homme, ça").map((t) => t.text)).toEqual(["l'homme", ', ', 'ça']);
    expect(phraseKeys('A b c d e')).toContain('a b c d');
    expect(phraseKeys('A b c d e')).not.toContain('a b c d e');
    expect(lookupKey('  L’Eau   Claire ')).toBe("l'eau claire");
  });

  it('guesses the language of a text', () => {
    expect(detectLanguage('Привет')).toBe('ru');
    expect(detectLanguage('Das Wasser war sehr kalt')).toBe('de');
    expect(detectLanguage("Il n'y a pas de pain dans la maison")).toBe('fr');
    expect(detectLanguage('Mi abuela preparaba la tortilla con patatas')).toBe('es');
    expect(detectLanguage('Qwertz')).toBeUndefined();
  });
});

describe('local moderation', () => {
  it('allows ordinary texts and declines calls for violence with a reason', () => {
    expect(moderateLocally('Der Krieg', 'Im Krieg starben viele Menschen. Heute erinnert ein Museum daran.')).toEqual({ ok: true });
    expect(moderateLocally('Titel', 'Wir sollten sie alle ausrotten.')).toEqual({
      ok: false,
      reason: 'The article contains violent or hateful language ("ausrotten").',
    });
  });
});
