import { useRouteQuery } from '@verba/kit/query';
import { getProfile, getScheduler } from '@verba/contracts/http';
import type { LearnerScheduler } from '@verba/contracts/fsrs';
import { DEFAULT_VOICES, isVoiceForLanguage, type LearningLanguage, type VoiceId } from '@verba/contracts';

export interface CardSettings {
  /** "Play flashcards aloud": each card's word is spoken when it shows. */
  autoplay: boolean;
  /** "Show the translation side of flashcards first": the card shows its translation, the word after the flip. */
  translationFirst: boolean;
  /** The learner's voice for the language (its default voice otherwise) and speed, as the reader speaks. */
  voiceId: VoiceId;
  speed: number;
  /** The learner's own scheduler (fitted parameters, desired retention): the buttons preview what the server will do. */
  scheduler: LearnerScheduler | null;
  /** False while the profile is still being read (a failed read leaves every switch off). */
  ready: boolean;
}

/** The profile's flashcard switches and speech settings (settings.flashcards, settings.speech), and the learner's scheduler. */
export function useCardSettings(languageCode: LearningLanguage): CardSettings {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000, retry: false });
  const scheduler = useRouteQuery(getScheduler, {}, { staleTime: 5 * 60_000, retry: false });
  const settings = profile.data?.settings;
  const chosen = settings?.speech?.voices?.[languageCode];
  return {
    autoplay: settings?.flashcards?.autoplay === true,
    translationFirst: settings?.flashcards?.showTranslationFirst === true,
    voiceId: chosen && isVoiceForLanguage(chosen, languageCode) ? chosen : DEFAULT_VOICES[languageCode],
    speed: settings?.speech?.speed ?? 1,
    scheduler: scheduler.data ? { parameters: scheduler.data.parameters, desiredRetention: scheduler.data.desiredRetention } : null,
    ready: !profile.isPending && !scheduler.isPending,
  };
}
