import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@verba/kit';
import type { VoiceId } from '@verba/contracts';

/** Audio ready to play (an object URL), or why there is none: the Free monthly allowance is used up, or no speech. */
export type Speech = { ok: true; url: string } | { ok: false; reason: 'limit' | 'unavailable' };

/**
 * Asks the server's speech engine (POST /api/tts, the reader's engine; the server counts the Free monthly
 * allowance and answers 403 once it is used up) for a text's audio. It answers audio bytes, which the JSON
 * contract client cannot read, so it is fetched here as the reader's speech-api.ts does. Never throws.
 */
export async function fetchSpeech(text: string, voiceId: VoiceId, speed: number): Promise<Speech> {
  try {
    const csrf = readCookie(CSRF_COOKIE);
    const response = await fetch('/api/tts', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'audio/*', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
      body: JSON.stringify({ text, voiceId, speed }),
    });
    if (!response.ok) return { ok: false, reason: response.status === 403 ? 'limit' : 'unavailable' };
    return { ok: true, url: URL.createObjectURL(await response.blob()) };
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
}

/** Plays fetched audio; false when the browser would not (the review goes on either way). */
export async function playUrl(url: string): Promise<boolean> {
  try {
    await new Audio(url).play();
    return true;
  } catch {
    return false;
  }
}

/**
 * Speaks a card's word or sentence once ("Play flashcards aloud"). A failure (the free monthly allowance used
 * up, no speech on the server) leaves the card silent: the review goes on without sound.
 */
export async function speakWord(text: string, voiceId: VoiceId, speed: number): Promise<void> {
  const speech = await fetchSpeech(text, voiceId, speed);
  if (!speech.ok) return;
  const audio = new Audio(speech.url);
  audio.addEventListener('ended', () => URL.revokeObjectURL(speech.url), { once: true });
  await audio.play().catch(() => URL.revokeObjectURL(speech.url));
}
