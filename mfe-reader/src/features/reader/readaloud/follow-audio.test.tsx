// @vitest-environment jsdom
import { useRef } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenize, type SentenceTiming } from '@verba/contracts';
import { WordIndex } from '../word-index';
import { nextChange, useAudioInText } from './follow-audio';

// The whole article, paged: the reader shows the second page, which starts after PAGE_ONE.
const PAGE_ONE = 'Eins zwei drei. Vier fünf. ';
const PAGE_TWO = 'Sechs sieben acht. Neun zehn.';
const TIMINGS: SentenceTiming[] = [0, 1, 2, 3].map((i) => ({ start: i * 2, end: i * 2 + 2 }));

afterEach(cleanup);

function Player({ words, timings = TIMINGS }: { words: WordIndex; timings?: SentenceTiming[] }) {
  const player = useRef<HTMLDivElement>(null);
  useAudioInText(player, timings, PAGE_ONE + PAGE_TWO, words, PAGE_ONE.length);
  return (
    <div ref={player}>
      <audio data-testid="audio" />
    </div>
  );
}

describe("admin audio lit in the reader's text", () => {
  it("lights the sentence being heard on the page's words, nothing while it speaks another page, and goes out at the end", () => {
    const box = document.createElement('div');
    const words = new WordIndex(box, tokenize(PAGE_TWO), new Map());
    const { getByTestId } = render(<Player words={words} />);
    const audio = getByTestId('audio') as HTMLAudioElement;
    const at = (seconds: number, type = 'timeupdate') => {
      Object.defineProperty(audio, 'currentTime', { configurable: true, value: seconds });
      act(() => void audio.dispatchEvent(new Event(type)));
    };
    const lit = () => words.words.filter((w) => w.hasAttribute('data-spoken')).map((w) => w.textContent);

    at(1, 'play'); // sentence 0 is on the page before
    expect(lit()).toEqual([]);
    at(4.5);
    expect(lit()).toEqual(['Sechs', 'sieben', 'acht']);
    at(6.2, 'seeked');
    expect(lit()).toEqual(['Neun', 'zehn']);
    at(8, 'ended');
    expect(lit()).toEqual([]);
  });
});

// Sentence 2 ("Sechs sieben acht.") as an aligner times it: offsets in the sentence, seconds in the audio.
const WORDS: SentenceTiming[] = TIMINGS.map((t, i) =>
  i === 2
    ? {
        ...t,
        words: [
          { from: 0, to: 5, start: 4.1, end: 4.6 },
          { from: 6, to: 12, start: 4.6, end: 5.2 },
          { from: 13, to: 17, start: 5.4, end: 5.9 },
        ],
      }
    : t,
);

describe('the word being heard, where the audio has word timings', () => {
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const box = document.createElement('div');
    const words = new WordIndex(box, tokenize(PAGE_TWO), new Map());
    const { getByTestId } = render(<Player words={words} timings={WORDS} />);
    const audio = getByTestId('audio') as HTMLAudioElement;
    let now = 0;
    let paused = true;
    Object.defineProperty(audio, 'currentTime', { configurable: true, get: () => now });
    Object.defineProperty(audio, 'paused', { configurable: true, get: () => paused });
    const speaking = () => words.words.filter((w) => w.hasAttribute('data-speaking')).map((w) => w.textContent);
    const event = (type: string) => act(() => void audio.dispatchEvent(new Event(type)));
    return { speaking, event, at: (s: number) => (now = s), play: (on: boolean) => (paused = !on) };
  };

  it('lights the word heard at each moment within its lit sentence, none in a pause, none in a sentence without words', () => {
    const { speaking, event, at } = setup();
    for (const [seconds, word] of [
      [4.0, []],
      [4.3, ['Sechs']],
      [4.9, ['sieben']],
      [5.3, []],
      [5.5, ['acht']],
      [6.5, []],
    ] as const) {
      at(seconds);
      event('seeked');
      expect(speaking(), `at ${seconds} s`).toEqual(word);
    }
  });

  it('reads the clock again at the next word boundary while playing, and stops when paused', () => {
    vi.useFakeTimers();
    const { speaking, event, at, play } = setup();
    at(4.2);
    play(true);
    event('play');
    expect(speaking()).toEqual(['Sechs']);
    at(4.7); // the audio moved on; no timeupdate comes, the follower looks at 4.6 s by its own timer
    act(() => void vi.advanceTimersByTime(400));
    expect(speaking()).toEqual(['sieben']);
    play(false);
    event('pause');
    at(5.5);
    act(() => void vi.advanceTimersByTime(2000));
    expect(speaking()).toEqual(['sieben']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('finds the next change: a word start or end, a sentence end, the next sentence', () => {
    expect(nextChange(WORDS, 4.05)).toBe(4.1);
    expect(nextChange(WORDS, 4.3)).toBe(4.6);
    expect(nextChange(WORDS, 5.2)).toBe(5.4);
    expect(nextChange(WORDS, 5.95)).toBe(6);
    expect(nextChange(WORDS, 6.0)).toBe(8);
    expect(nextChange(WORDS, 1)).toBe(2);
    expect(nextChange(WORDS, 9)).toBe(Infinity);
  });
});
