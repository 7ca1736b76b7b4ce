// @vitest-environment jsdom
import { useRef } from 'react';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenize, type SentenceTiming } from '@verba/contracts';
import { WordIndex } from '../word-index';
import { useAudioInText } from './follow-audio';

// The whole article, paged: the reader shows the second page, which starts after PAGE_ONE.
const PAGE_ONE = 'Eins zwei drei. Vier fünf. ';
const PAGE_TWO = 'Sechs sieben acht. Neun zehn.';
const TIMINGS: SentenceTiming[] = [0, 1, 2, 3].map((i) => ({ start: i * 2, end: i * 2 + 2 }));

function Player({ words }: { words: WordIndex }) {
  const player = useRef<HTMLDivElement>(null);
  useAudioInText(player, TIMINGS, PAGE_ONE + PAGE_TWO, words, PAGE_ONE.length);
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
