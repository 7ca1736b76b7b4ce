import { useEffect, useRef, useSyncExternalStore } from 'react';
import { SentencePlayer } from '@verba/kit/ui';
import { sentenceAt } from '@verba/contracts';
import { useChapterAudio } from '../api/chapter-api';

/**
 * The sentence of a chapter's text its audio is speaking now (-1: none), shared with the chapter's text
 * (ChapterText lights its words) without going through the page: one chapter is on screen at a time.
 */
const spoken = {
  text: '',
  sentence: -1,
  listeners: new Set<() => void>(),
  set(text: string, sentence: number) {
    if (text === this.text && sentence === this.sentence) return;
    this.text = text;
    this.sentence = sentence;
    for (const listener of this.listeners) listener();
  },
};
const subscribe = (listener: () => void) => {
  spoken.listeners.add(listener);
  return () => spoken.listeners.delete(listener);
};

/** Which sentence of `text` the chapter's audio speaks now, or -1. */
export function useSpokenSentence(text: string): number {
  return useSyncExternalStore(subscribe, () => (spoken.text === text ? spoken.sentence : -1));
}

const EVENTS = ['timeupdate', 'seeked', 'play', 'ended'] as const;

/**
 * The chapter's audio, when an admin attached some: play it and follow the highlighted sentence, in the
 * player's list and in the chapter's text. Media events do not bubble: they are caught on the way down.
 */
export function ChapterAudio({ chapterId, text }: { chapterId: string; text: string }) {
  const audio = useChapterAudio(chapterId);
  const player = useRef<HTMLDivElement>(null);
  const timings = audio.data?.audio?.sentences;

  useEffect(() => {
    const wrap = player.current;
    if (!wrap || !timings) return;
    const follow = (event: Event) => {
      const element = event.target as HTMLMediaElement;
      spoken.set(text, event.type === 'ended' ? -1 : sentenceAt(timings, element.currentTime));
    };
    for (const type of EVENTS) wrap.addEventListener(type, follow, true);
    return () => {
      for (const type of EVENTS) wrap.removeEventListener(type, follow, true);
      spoken.set(text, -1);
    };
  }, [timings, text]);

  // No audio (or it could not be loaded) leaves the chapter as it was: reading needs no sound.
  if (!audio.data?.audio) return null;
  return (
    <div ref={player}>
      <SentencePlayer audio={audio.data.audio} text={text} label="Listen to the chapter" />
    </div>
  );
}
