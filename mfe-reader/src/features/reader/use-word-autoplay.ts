import { useEffect, useRef } from 'react';
import type { LearningLanguage } from '@verba/contracts';
import { useWordAutoplaySetting } from './api/autoplay-api';
import { speak, useSpeechSettings } from './api/speech-api';
import type { SelectedWord } from './components/ReaderText';

/** A word opened in passing (arrowing through the text) is not spoken: only the one the learner stays on this long. */
export const AUTOPLAY_SETTLE_MS = 200;

/**
 * The profile's "Play words aloud when I open them" (settings.speech.autoplay): a word opened in the
 * reader is spoken once, with the learner's voice and speed, as the word panel's Listen button speaks it.
 * Phrases are not (a selection grows word by word); reopening a word after closing it speaks it again.
 * A failure stays quiet here: the panel's Listen button says why when asked.
 */
export function useWordAutoplay(selected: SelectedWord | null, languageCode: LearningLanguage | undefined): void {
  const on = useWordAutoplaySetting();
  const { voiceId, speed } = useSpeechSettings(languageCode ?? 'de');
  const word = selected && selected.first === selected.last ? selected : null;
  // A new selection of the same word (a mark by key selects it again) is not a new opening.
  const key = word ? `${word.index}:${word.text}` : null;
  const text = word?.text ?? null;
  const spoken = useRef<string | null>(null);

  useEffect(() => {
    if (key === null) spoken.current = null;
    if (!on || !languageCode || key === null || text === null || spoken.current === key) return;
    const timer = window.setTimeout(() => {
      spoken.current = key;
      speak(text, voiceId, speed).catch(() => undefined);
    }, AUTOPLAY_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [key, text, on, languageCode, voiceId, speed]);
}
