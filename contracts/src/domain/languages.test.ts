import { describe, it, expect } from 'vitest';
import {
  LANDING_SLUGS,
  LANGUAGE_NAMES,
  LEARNING_LANGUAGES,
  LanguageScopeSchema,
  LearningLanguageSchema,
  PLATFORM,
  isLearningLanguage,
  languageFromLandingSlug,
} from './languages';

describe('learning languages', () => {
  it('are exactly de, fr, es, ru', () => {
    expect(LEARNING_LANGUAGES).toEqual(['de', 'fr', 'es', 'ru']);
  });

  it('have their English names', () => {
    expect(LANGUAGE_NAMES).toEqual({ de: 'German', fr: 'French', es: 'Spanish', ru: 'Russian' });
  });

  it('have landing slugs', () => {
    expect(LANDING_SLUGS).toEqual({
      de: 'learn-german',
      fr: 'learn-french',
      es: 'learn-spanish',
      ru: 'learn-russian',
    });
    expect(languageFromLandingSlug('learn-russian')).toBe('ru');
    expect(languageFromLandingSlug('learn-italian')).toBeUndefined();
    expect(languageFromLandingSlug('de')).toBeUndefined();
  });

  it('schema accepts the four codes only', () => {
    for (const code of LEARNING_LANGUAGES) expect(LearningLanguageSchema.parse(code)).toBe(code);
    for (const bad of ['en', 'DE', '', 'platform']) expect(LearningLanguageSchema.safeParse(bad).success).toBe(false);
  });
});

describe('platform pseudo-entry', () => {
  it('is not a learning language', () => {
    expect(PLATFORM).toBe('platform');
    expect(isLearningLanguage(PLATFORM)).toBe(false);
    expect((LEARNING_LANGUAGES as readonly string[]).includes(PLATFORM)).toBe(false);
  });

  it('is a valid language scope alongside the learning languages', () => {
    expect(LanguageScopeSchema.options).toEqual(['de', 'fr', 'es', 'ru', 'platform']);
    expect(LanguageScopeSchema.safeParse('en').success).toBe(false);
  });

  it('isLearningLanguage narrows unknown values', () => {
    expect(isLearningLanguage('fr')).toBe(true);
    expect(isLearningLanguage('FR')).toBe(false);
    expect(isLearningLanguage(undefined)).toBe(false);
  });
});
