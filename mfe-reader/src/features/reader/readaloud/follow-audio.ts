import { useEffect, type RefObject } from 'react';
import { sentenceAt, wordHeardAt, type SentenceTiming } from '@verba/contracts';
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

/** The next time after `seconds` at which the sentence or word heard changes (Infinity when none does). */
export function nextChange(timings: readonly SentenceTiming[], seconds: number): number {
  let next = Infinity;
  for (const t of timings) {
    if (t.start > seconds) return Math.min(next, t.start);
    if (t.end > seconds) next = Math.min(next, t.end);
    for (const w of t.words ?? []) {
      if (w.start > seconds) return Math.min(next, w.start);
      if (w.end > seconds) next = Math.min(next, w.end);
    }
  }
  return next;
}

const EVENTS = ['timeupdate', 'seeked', 'play', 'playing', 'pause', 'ratechange', 'ended'] as const;
/** A word boundary a few ms away is not worth a timer of its own; timeupdate covers what a long wait misses. */
const MIN_WAIT_MS = 15;
const MAX_WAIT_MS = 250;

/**
 * Admin audio and the learner's own recording (one timing per sentence of its text, and its words' when
 * known) lit in the text being read: the sentence being heard on the page's words, and the word being heard
 * within it, as read-aloud lights its own. The player's <audio> sits somewhere inside `player`; media events
 * do not bubble, so they are caught on the way down (capture). While it plays, the audio's own clock is read
 * again at the next word boundary (timeupdate comes only about four times a second).
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
    const wordOnPage = (k: number, w: number) => {
      const range = ranges[k];
      const word = timings[k]?.words?.[w];
      if (!range || !word) return -1;
      return words.within(range.start + word.from - pageStart, range.start + word.to - pageStart)?.[0] ?? -1;
    };
    let sentence = -2;
    let word = -2;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (seconds: number, ended: boolean) => {
      const k = ended ? -1 : sentenceAt(timings, seconds);
      if (k !== sentence) {
        sentence = k;
        word = -2;
        const onPage = k < 0 ? null : sentenceOnPage(ranges, k, pageStart, (from, to) => words.within(from, to));
        if (onPage) highlight.showSentence(...onPage);
        else highlight.clear();
      }
      const w = k < 0 ? -1 : wordHeardAt(timings[k], seconds);
      if (w !== word) {
        word = w;
        highlight.showWord(w < 0 ? -1 : wordOnPage(k, w));
      }
    };
    const look = (audio: HTMLMediaElement, ended = audio.ended) => {
      clearTimeout(timer);
      const seconds = audio.currentTime;
      show(seconds, ended);
      if (audio.paused || ended) return;
      const wait = ((nextChange(timings, seconds) - seconds) * 1000) / (audio.playbackRate || 1);
      timer = setTimeout(() => look(audio), Math.min(Math.max(wait, MIN_WAIT_MS), MAX_WAIT_MS));
    };
    const follow = (event: Event) => {
      if (event.target instanceof HTMLMediaElement) look(event.target, event.type === 'ended' || event.target.ended);
    };
    for (const type of EVENTS) wrap.addEventListener(type, follow, true);
    return () => {
      clearTimeout(timer);
      for (const type of EVENTS) wrap.removeEventListener(type, follow, true);
      highlight.clear();
    };
  }, [player, timings, text, words, pageStart]);
}
