import { z } from 'zod';
import type { LearningLanguage } from './languages';

/** Amazon Polly voice ids offered for text-to-speech. */
export const VOICE_IDS = [
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
] as const;
export const VoiceIdSchema = z.enum(VOICE_IDS);
export type VoiceId = (typeof VOICE_IDS)[number];

export interface Voice {
  readonly id: VoiceId;
  /** What the voice picker shows; names the accent where a language has several. */
  readonly label: string;
  readonly language: LearningLanguage;
}

/** Voice options in display order per language. */
export const VOICES: readonly Voice[] = [
  { id: 'Marlene', label: 'Marlene', language: 'de' },
  { id: 'Vicki', label: 'Vicki', language: 'de' },
  { id: 'Hans', label: 'Hans', language: 'de' },
  { id: 'Celine', label: 'Celine', language: 'fr' },
  { id: 'Lea', label: 'Lea', language: 'fr' },
  { id: 'Mathieu', label: 'Mathieu', language: 'fr' },
  { id: 'Lucia', label: 'Lucia', language: 'es' },
  { id: 'Enrique', label: 'Enrique', language: 'es' },
  { id: 'Mia', label: 'Mia (Mexico)', language: 'es' },
  { id: 'Penelope', label: 'Penelope (US)', language: 'es' },
  { id: 'Miguel', label: 'Miguel (US)', language: 'es' },
  { id: 'Tatyana', label: 'Tatyana', language: 'ru' },
  { id: 'Maxim', label: 'Maxim', language: 'ru' },
];

export const DEFAULT_VOICES: Readonly<Record<LearningLanguage, VoiceId>> = {
  de: 'Marlene',
  fr: 'Celine',
  es: 'Mia',
  ru: 'Tatyana',
};

export function voicesForLanguage(language: LearningLanguage): readonly Voice[] {
  return VOICES.filter((voice) => voice.language === language);
}

/** Takes a plain string because stored preferences may hold stale or foreign ids. */
export function isVoiceForLanguage(voiceId: string, language: LearningLanguage): boolean {
  return VOICES.some((voice) => voice.id === voiceId && voice.language === language);
}
