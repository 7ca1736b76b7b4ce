import { z } from 'zod';

/** Languages a learner can study on Verba, as ISO 639-1 codes. */
export const LEARNING_LANGUAGES = ['de', 'fr', 'es', 'ru'] as const;
export const LearningLanguageSchema = z.enum(LEARNING_LANGUAGES);
export type LearningLanguage = (typeof LEARNING_LANGUAGES)[number];

export const LANGUAGE_NAMES: Readonly<Record<LearningLanguage, string>> = {
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  ru: 'Russian',
};

/** Each language's name in itself, as a learner choosing it may look for it. */
export const LANGUAGE_NATIVE_NAMES: Readonly<Record<LearningLanguage, string>> = {
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ru: 'Русский',
};

/** Marketing landing pages, one per learning language (e.g. /learn-german). */
export const LANDING_SLUGS: Readonly<Record<LearningLanguage, string>> = {
  de: 'learn-german',
  fr: 'learn-french',
  es: 'learn-spanish',
  ru: 'learn-russian',
};

/**
 * Pseudo-entry for things that belong to the whole platform rather than to one
 * language. Kept out of LEARNING_LANGUAGES so it can never be picked as a
 * language to study.
 */
export const PLATFORM = 'platform' as const;
export type Platform = typeof PLATFORM;

/** A learning language or the platform pseudo-entry. */
export const LanguageScopeSchema = z.enum([...LEARNING_LANGUAGES, PLATFORM]);
export type LanguageScope = LearningLanguage | Platform;

export function isLearningLanguage(value: unknown): value is LearningLanguage {
  return LearningLanguageSchema.safeParse(value).success;
}

export function languageFromLandingSlug(slug: string): LearningLanguage | undefined {
  return LEARNING_LANGUAGES.find((language) => LANDING_SLUGS[language] === slug);
}
