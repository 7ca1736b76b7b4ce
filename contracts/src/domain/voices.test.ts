import { describe, it, expect } from 'vitest';
import { LEARNING_LANGUAGES } from './languages';
import { DEFAULT_VOICES, VOICES, VOICE_IDS, isVoiceForLanguage, voicesForLanguage } from './voices';

describe('voices', () => {
  it('offers the spec voices per language, in order, with labels', () => {
    const labels = (language: 'de' | 'fr' | 'es' | 'ru') => voicesForLanguage(language).map((v) => v.label);
    expect(labels('de')).toEqual(['Marlene', 'Vicki', 'Hans']);
    expect(labels('fr')).toEqual(['Celine', 'Lea', 'Mathieu']);
    expect(labels('es')).toEqual(['Lucia', 'Enrique', 'Mia (Mexico)', 'Penelope (US)', 'Miguel (US)']);
    expect(labels('ru')).toEqual(['Tatyana', 'Maxim']);
  });

  it('uses the Amazon Polly voice ids', () => {
    expect(VOICES.map((v) => v.id)).toEqual([
      'Marlene',
      'Vicki',
      'Hans',
      'Celine',
      'Lea',
      'Mathieu',
      'Lucia',
      'Enrique',
      'Mia',
      'Penelope',
      'Miguel',
      'Tatyana',
      'Maxim',
    ]);
    expect([...VOICE_IDS].sort()).toEqual(VOICES.map((v) => v.id).sort());
  });

  it('defaults are de Marlene, fr Celine, es Mia, ru Tatyana', () => {
    expect(DEFAULT_VOICES).toEqual({ de: 'Marlene', fr: 'Celine', es: 'Mia', ru: 'Tatyana' });
    for (const language of LEARNING_LANGUAGES) {
      expect(isVoiceForLanguage(DEFAULT_VOICES[language], language)).toBe(true);
    }
  });

  it('isVoiceForLanguage checks the pairing', () => {
    expect(isVoiceForLanguage('Hans', 'de')).toBe(true);
    expect(isVoiceForLanguage('Hans', 'fr')).toBe(false);
    expect(isVoiceForLanguage('Mia', 'es')).toBe(true);
    expect(isVoiceForLanguage('Mia (Mexico)', 'es')).toBe(false);
    expect(isVoiceForLanguage('maxim', 'ru')).toBe(false);
    expect(isVoiceForLanguage('Joanna', 'ru')).toBe(false);
  });
});
