import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { LearningLanguage } from '@verba/contracts';
import { fetchSpeech, SpeechError, useSpeechSettings } from '../api/speech-api';
import type { WordIndex } from '../word-index';
import { SpokenHighlight } from './highlighter';
import { ReadAloud, type Clip, type ReadAloudState } from './player';
import { pageSentences, sentenceOf } from './sentences';

/** The key that plays the sentence of the focused word (not one of the reader's word or page keys). */
export const PLAY_SENTENCE_KEY = 'p';

/** Typing in a field, or a dialog open, keeps its keys. */
const ownsKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]') !== null;

export interface ReadAloudOptions {
  /** An element among the reader's tools: the key is listened for on the element holding them and the text. */
  anchor: RefObject<HTMLElement | null>;
  /** The page's words as the reader built them (a new index is a new page: what plays stops). */
  words: WordIndex | null;
  /** The page's text, whose offsets the words' spans are. */
  pageText: string;
  languageCode: LearningLanguage | undefined;
  /** The first word of the selection (the panel's word), or null. */
  selected: number | null;
}

export interface ReadAloudControls {
  state: ReadAloudState;
  /** Why the last play failed (the allowance used up, no speech on this server...), in the spec's words. */
  error: string | null;
  playSentence(): void;
  toggleReading(): void;
}

/**
 * Read-aloud in the text: the P key (on the text) and "Play sentence" speak the sentence of the focused or
 * selected word; "Read aloud" reads the page on from there, sentence by sentence, lighting the spoken
 * sentence and word in the text. The learner's voice and speed; a page turn or leaving the article stops it.
 */
export function useReadAloud({ anchor, words, pageText, languageCode, selected }: ReadAloudOptions): ReadAloudControls {
  const settings = useSpeechSettings(languageCode ?? 'de');
  const voice = useRef(settings);
  useEffect(() => {
    voice.current = settings; // a clip asked for later uses the voice and speed chosen since
  });
  const player = useRef<ReadAloud | null>(null);
  const sentences = useRef<ReturnType<typeof pageSentences>>([]);
  const [state, setState] = useState<ReadAloudState>({ mode: 'idle' });
  const [error, setError] = useState<string | null>(null);
  /** The word last focused or clicked in the text: a button press moves focus away from it. */
  const lastWord = useRef<number | null>(null);

  useEffect(() => {
    lastWord.current = null;
    if (!words) return;
    const found = pageSentences(pageText, (from, to) => words.within(from, to));
    sentences.current = found;
    const speech = new ReadAloud(
      {
        async fetchClip(text, signal): Promise<Clip> {
          const { voiceId, speed } = voice.current;
          const { audio, words: timings } = await fetchSpeech(text, voiceId, speed, signal);
          const url = URL.createObjectURL(audio);
          return { url, words: timings, release: () => URL.revokeObjectURL(url) };
        },
        createAudio: (url) => new Audio(url),
        spanOf: (i) => words.span(i),
      },
      new SpokenHighlight(words.words),
      found,
      setState,
      (e) => setError(e instanceof SpeechError ? e.message : (e as Error).message || 'The speech could not be played.'),
    );
    player.current = speech;
    return () => {
      speech.stop();
      player.current = null;
    };
  }, [words, pageText]);

  const currentSentence = useCallback(() => {
    const focused = words?.indexOf(document.activeElement) ?? -1;
    const i = focused >= 0 ? focused : (selected ?? lastWord.current ?? 0);
    return sentenceOf(sentences.current, i);
  }, [words, selected]);

  const playSentence = useCallback(() => {
    if (!languageCode || !sentences.current.length) return;
    setError(null);
    player.current?.start(currentSentence(), false);
  }, [languageCode, currentSentence]);

  const toggleReading = useCallback(() => {
    if (!languageCode || !sentences.current.length) return;
    if (state.mode === 'page') return player.current?.stop();
    setError(null);
    player.current?.start(currentSentence(), true);
  }, [languageCode, state.mode, currentSentence]);

  useEffect(() => {
    const box = anchor.current?.closest('.rd-tools')?.parentElement;
    if (!box) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== PLAY_SENTENCE_KEY || event.altKey || event.ctrlKey || event.metaKey || ownsKeys(event.target)) return;
      event.preventDefault();
      playSentence();
    };
    const onFocus = (event: FocusEvent) => {
      const i = words?.indexOf(event.target as Element) ?? -1;
      if (i >= 0) lastWord.current = i;
    };
    box.addEventListener('keydown', onKey);
    box.addEventListener('focusin', onFocus);
    return () => {
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('focusin', onFocus);
    };
  }, [anchor, words, playSentence]);

  return { state, error, playSentence, toggleReading };
}
