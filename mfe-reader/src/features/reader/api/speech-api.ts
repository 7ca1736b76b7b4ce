import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import { getProfile, parseSpokenWords, SPEECH_WORDS_HEADER, translationLimit, type SpokenWord } from '@verba/contracts/http';
import { DEFAULT_VOICES, isVoiceForLanguage, MESSAGES, SPEECH_UNAVAILABLE, type LearningLanguage, type VoiceId } from '@verba/contracts';

/** How many of the month's free pronunciations are left (counted by the server, so read afresh each time). */
export const useSpeechAllowance = () => useRouteQuery(translationLimit, {}, { staleTime: 0 });

/** Voice and speed from the user's settings, or the language's default voice at normal speed. */
export function useSpeechSettings(languageCode: LearningLanguage): { voiceId: VoiceId; speed: number } {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000 });
  const speech = profile.data?.settings.speech;
  const chosen = speech?.voices?.[languageCode];
  return {
    voiceId: chosen && isVoiceForLanguage(chosen, languageCode) ? chosen : DEFAULT_VOICES[languageCode],
    speed: speech?.speed ?? 1,
  };
}

export class SpeechError extends Error {
  constructor(
    message: string,
    /** true when retrying cannot help: the free monthly allowance is used up, or the server has no speech (an info, not a failure). */
    readonly info: boolean,
  ) {
    super(message);
  }
}

/** A text's speech: the audio, and when each of its words is heard where the engine says (read-aloud lights them). */
export interface Speech {
  audio: Blob;
  words: SpokenWord[];
}

/**
 * POST /api/tts answers audio bytes, which the JSON client cannot read: fetched here. The words' timings
 * come in a header (SPEECH_WORDS_HEADER). An abort (the learner stopped read-aloud) rejects with the abort.
 */
export async function fetchSpeech(text: string, voiceId: VoiceId, speed: number, signal?: AbortSignal): Promise<Speech> {
  const csrf = readCookie(CSRF_COOKIE);
  let response: Response;
  try {
    response = await fetch('/api/tts', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'audio/*', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
      body: JSON.stringify({ text, voiceId, speed }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SpeechError(MESSAGES.other.speechError, false);
  }
  if (response.status === 403) throw new SpeechError(MESSAGES.tts.monthlyLimitReached, true);
  if (response.status === 503) throw new SpeechError(SPEECH_UNAVAILABLE, true);
  if (!response.ok) throw new SpeechError(MESSAGES.other.speechError, false);
  return { audio: await response.blob(), words: parseSpokenWords(response.headers.get(SPEECH_WORDS_HEADER)) };
}

/** Speaks a text once (a word, a phrase): fetched and played. */
export async function speak(text: string, voiceId: VoiceId, speed: number): Promise<void> {
  const url = URL.createObjectURL((await fetchSpeech(text, voiceId, speed)).audio);
  const audio = new Audio(url);
  audio.addEventListener('ended', () => URL.revokeObjectURL(url), { once: true });
  try {
    await audio.play();
  } catch {
    URL.revokeObjectURL(url);
    throw new SpeechError(MESSAGES.other.speechError, false);
  }
}
