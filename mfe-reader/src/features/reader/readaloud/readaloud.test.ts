// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitSentences, tokenize, type SpokenWord } from '@verba/contracts';
import { WordIndex } from '../word-index';
import { sentenceOnPage } from './follow-audio';
import { SENTENCE_ATTR, SpokenHighlight, WORD_ATTR } from './highlighter';
import { ReadAloud, type Clip, type Playable, type ReadAloudState } from './player';
import { followWords } from './schedule';
import { pageSentences, sentenceOf, sentenceRanges } from './sentences';

const PAGE = 'Der Hund läuft in den Wald. Er bellt laut! Die Katze schläft.';

/** The page built as the reader builds it, and what is lit in it now. */
function page(text = PAGE) {
  const box = document.createElement('div');
  const index = new WordIndex(box, tokenize(text), new Map());
  const lit = () => index.words.filter((w) => w.hasAttribute(SENTENCE_ATTR)).map((w) => w.textContent);
  const word = () => index.words.find((w) => w.hasAttribute(WORD_ATTR))?.textContent ?? null;
  return { index, lit, word, sentences: pageSentences(text, (a, b) => index.within(a, b)) };
}

/** An <audio> whose clock is the (fake) time since play(), ending after `durationMs`. */
class FakeAudio implements Playable {
  startedAt: number | null = null;
  paused = false;
  private listeners: Record<string, (() => void)[]> = {};
  constructor(
    readonly url: string,
    private readonly durationMs: number,
  ) {}
  get currentTime() {
    return this.startedAt === null ? 0 : (Date.now() - this.startedAt) / 1000;
  }
  async play() {
    this.startedAt = Date.now();
    setTimeout(() => {
      if (!this.paused) for (const l of this.listeners.ended ?? []) l();
    }, this.durationMs);
  }
  pause() {
    this.paused = true;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
}

describe('sentences of a page', () => {
  it.each([
    PAGE,
    'Er sagte: „Komm!“ Sie kam… Dann gingen beide.\n\nNeuer Absatz ohne Punkt\nUnd noch einer?',
    '„Was?“ fragte sie. (Keine Antwort.) 3 Katzen.',
  ])('splits %j as the audio timings do (splitSentences), with offsets', (text) => {
    expect(sentenceRanges(text).map((r) => text.slice(r.start, r.end))).toEqual(splitSentences(text));
  });

  it("knows each sentence's words and which sentence holds a word", () => {
    const { sentences, index } = page();
    expect(sentences.map((s) => [s.text, index.wordAt(s.first), index.wordAt(s.last)])).toEqual([
      ['Der Hund läuft in den Wald.', 'der', 'wald'],
      ['Er bellt laut!', 'er', 'laut'],
      ['Die Katze schläft.', 'die', 'schläft'],
    ]);
    expect([0, 5, 6, 8, 9, 11].map((i) => sentenceOf(sentences, i))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it("finds the whole text's sentence k on a later page (admin audio)", () => {
    const first = 'Eins zwei drei. ';
    const { index } = page('Vier fünf. Sechs sieben.');
    const ranges = sentenceRanges(first + 'Vier fünf. Sechs sieben.');
    expect(sentenceOnPage(ranges, 2, first.length, (a, b) => index.within(a, b))).toEqual([2, 3]);
    expect(sentenceOnPage(ranges, 0, first.length, (a, b) => index.within(a, b))).toBeNull(); // on the page before
  });
});

describe('word highlight schedule', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('lights each word when the audio reaches it and stops following when told', () => {
    const clock = { currentTime: 0 };
    const seen: number[] = [];
    const stop = followWords(
      clock,
      [
        { index: 7, offsetMs: 150 },
        { index: 8, offsetMs: 400 },
        { index: 9, offsetMs: 900 },
      ],
      (i) => seen.push(i),
    );
    const advance = (ms: number) => {
      clock.currentTime += ms / 1000;
      vi.advanceTimersByTime(ms);
    };
    expect(seen).toEqual([-1]); // before the first word: none
    advance(149);
    expect(seen).toEqual([-1]);
    advance(1);
    expect(seen).toEqual([-1, 7]);
    advance(300);
    expect(seen).toEqual([-1, 7, 8]);
    stop();
    advance(1000);
    expect(seen).toEqual([-1, 7, 8]);
  });

  it('follows the audio clock, not the timer: a player that started late lights the word late', () => {
    const clock = { currentTime: 0 };
    const seen: number[] = [];
    followWords(clock, [{ index: 3, offsetMs: 200 }], (i) => seen.push(i));
    clock.currentTime = 0.1; // the timer is due at 200 ms, the audio only at 0.1 s
    vi.advanceTimersByTime(200);
    expect(seen).toEqual([-1]);
    clock.currentTime = 0.2; // it looks again when the rest (100 ms) has passed
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([-1]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([-1, 3]);
  });
});

describe('read-aloud player', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  /** A speech server: each sentence's audio lasts 1 s; with timings, each word 200 ms apart from 100 ms. */
  function setUp(timed = true) {
    const p = page();
    const asked: string[] = [];
    const audios: FakeAudio[] = [];
    const states: ReadAloudState[] = [];
    const errors: unknown[] = [];
    const released: string[] = [];
    const fetchClip = async (text: string): Promise<Clip> => {
      asked.push(text);
      const words: SpokenWord[] = [];
      if (timed) {
        let at = 0;
        for (const token of tokenize(text)) {
          if (token.kind === 'word') words.push({ start: at, end: at + token.text.length, offsetMs: 100 + 200 * words.length });
          at += token.text.length;
        }
      }
      const url = `blob:${asked.length}`;
      return { url, words, release: () => released.push(url) };
    };
    const player = new ReadAloud(
      {
        fetchClip,
        createAudio: (url) => {
          const audio = new FakeAudio(url, 1000);
          audios.push(audio);
          return audio;
        },
        spanOf: (i) => p.index.span(i),
      },
      new SpokenHighlight(p.index.words),
      p.sentences,
      (s) => states.push(s),
      (e) => errors.push(e),
    );
    return { ...p, player, asked, audios, states, errors, released };
  }

  it('plays one sentence, lighting it and each word as it is heard, then puts the light out', async () => {
    const t = setUp();
    t.player.start(1, false);
    expect(t.lit()).toEqual(['Er', 'bellt', 'laut']); // lit at once, before the audio comes
    await vi.advanceTimersByTimeAsync(0);
    expect(t.asked).toEqual(['Er bellt laut!']);
    expect(t.word()).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    expect(t.word()).toBe('Er');
    await vi.advanceTimersByTimeAsync(200);
    expect(t.word()).toBe('bellt');
    await vi.advanceTimersByTimeAsync(200);
    expect(t.word()).toBe('laut');
    await vi.advanceTimersByTimeAsync(500);
    expect(t.lit()).toEqual([]);
    expect(t.word()).toBeNull();
    expect(t.states).toEqual([{ mode: 'sentence', sentence: 1 }, { mode: 'idle' }]);
    expect(t.asked).toEqual(['Er bellt laut!']); // nothing after it asked for
  });

  it('reads the page sentence by sentence, asking for the next sentence while one plays', async () => {
    const t = setUp();
    t.player.start(0, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.lit()).toEqual(['Der', 'Hund', 'läuft', 'in', 'den', 'Wald']);
    expect(t.asked).toEqual(['Der Hund läuft in den Wald.', 'Er bellt laut!']); // the next one fetched already
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.lit()).toEqual(['Er', 'bellt', 'laut']);
    expect(t.audios).toHaveLength(2);
    expect(t.asked).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.lit()).toEqual(['Die', 'Katze', 'schläft']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.lit()).toEqual([]);
    expect(t.states.map((s) => (s.mode === 'idle' ? 'idle' : s.sentence))).toEqual([0, 1, 2, 'idle']);
  });

  it('stops at once when told (a page turn, the button again): audio paused, light out, audio forgotten', async () => {
    const t = setUp();
    t.player.start(0, true);
    await vi.advanceTimersByTimeAsync(300);
    expect(t.word()).toBe('Hund');
    t.player.stop();
    expect(t.audios[0]!.paused).toBe(true);
    expect(t.lit()).toEqual([]);
    expect(t.word()).toBeNull();
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.lit()).toEqual([]);
    expect(t.audios).toHaveLength(1);
    expect(t.released.sort()).toEqual(['blob:1', 'blob:2']);
    expect(t.states.at(-1)).toEqual({ mode: 'idle' });
  });

  it('lights the sentence only when the engine gave no word timings', async () => {
    const t = setUp(false);
    t.player.start(2, false);
    await vi.advanceTimersByTimeAsync(500);
    expect(t.lit()).toEqual(['Die', 'Katze', 'schläft']);
    expect(t.word()).toBeNull();
  });

  it('a new start ends what played before', async () => {
    const t = setUp();
    t.player.start(0, true);
    await vi.advanceTimersByTimeAsync(200);
    t.player.start(2, false);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.audios[0]!.paused).toBe(true);
    expect(t.lit()).toEqual(['Die', 'Katze', 'schläft']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.lit()).toEqual([]); // the page read did not go on
  });
});
