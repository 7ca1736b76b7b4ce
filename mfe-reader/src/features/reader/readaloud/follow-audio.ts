import { useEffect, type RefObject } from 'react';
import { sentenceAt, type SentenceTiming } from '@verba/contracts';
import type { WordIndex } from '../word-index';
import { SpokenHighlight } from './highlighter';
import { sentenceRanges, type SentenceRange } from './sentences';

/** Where sentence k of the whole text is on the page that starts at `pageStart`: its first and last word, or null. */
export function sentenceOnPage(
  ranges: readonly SentenceRange[],
  k: number,
  pageStart: number,
  within: (from: number, to: number) => [number, number] | null,
): [number, number] | null {
  const range = ranges[k];
  return range ? within(range.start - pageStart, range.end - pageStart) : null;
}

const EVENTS = ['timeupdate', 'seeked', 'play', 'ended'] as const;

/**
 * Admin audio (an article's or chapter's recording with one timing per sentence of its text) lit in the
 * text being read: the sentence being heard is lit on the page's words, as read-aloud lights its own.
 * The player's <audio> sits somewhere inside `player`; media events do not bubble, so they are caught on
 * the way down (capture).
 */
export function useAudioInText(
  player: RefObject<HTMLElement | null>,
  timings: readonly SentenceTiming[] | undefined,
  text: string,
  words: WordIndex | null,
  pageStart: number,
): void {
  useEffect(() => {
    const wrap = player.current;
    if (!wrap || !timings || !words) return;
    const ranges = sentenceRanges(text);
    const highlight = new SpokenHighlight(words.words);
    let shown = -2;
    const follow = (event: Event) => {
      const audio = event.target as HTMLMediaElement;
      const k = event.type === 'ended' ? -1 : sentenceAt(timings, audio.currentTime);
      if (k === shown) return;
      shown = k;
      const onPage = k < 0 ? null : sentenceOnPage(ranges, k, pageStart, (from, to) => words.within(from, to));
      if (onPage) highlight.showSentence(...onPage);
      else highlight.clear();
    };
    for (const type of EVENTS) wrap.addEventListener(type, follow, true);
    return () => {
      for (const type of EVENTS) wrap.removeEventListener(type, follow, true);
      highlight.clear();
    };
  }, [player, timings, text, words, pageStart]);
}
