import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@verba/kit';
import type { VoiceId } from '@verba/contracts';

/**
 * Speaks a card's word: POST /api/tts answers audio bytes, which the JSON contract client cannot read, so
 * it is fetched here (as the reader's speech-api.ts does) and played. A failure (the free monthly allowance
 * used up, no speech on the server) leaves the card silent: the game goes on without sound.
 */
export async function speakWord(text: string, voiceId: VoiceId, speed: number): Promise<void> {
  const csrf = readCookie(CSRF_COOKIE);
  const response = await fetch('/api/tts', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'audio/*', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    body: JSON.stringify({ text, voiceId, speed }),
  });
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  const audio = new Audio(url);
  audio.addEventListener('ended', () => URL.revokeObjectURL(url), { once: true });
  await audio.play().catch(() => URL.revokeObjectURL(url));
}
