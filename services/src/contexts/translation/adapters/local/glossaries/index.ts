import type { LearningLanguage } from '@verba/contracts';
import { DE_EN } from './de';
import { ES_EN } from './es';
import { FR_EN } from './fr';
import { RU_EN } from './ru';

/** Small glossaries shipped with the demo content: each learning language into English. */
export const GLOSSARIES: Readonly<Record<LearningLanguage, Readonly<Record<string, string>>>> = {
  de: DE_EN,
  fr: FR_EN,
  es: ES_EN,
  ru: RU_EN,
};
