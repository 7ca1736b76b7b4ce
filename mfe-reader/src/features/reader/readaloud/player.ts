import type { SpokenWord } from '@verba/contracts';
import type { SpokenHighlight } from './highlighter';
import type { PageSentence } from './sentences';
import { followWords, type TimedWord } from './schedule';

/** One sentence's speech: a URL the player can play, and its words' timings in the sentence's text (maybe none). */
export interface Clip {
  url: string;
  words: readonly SpokenWord[];
  /** Gives the URL's memory back. */
  release(): void;
}

/** What the read-aloud player needs of an <audio> element (tests give a fake). */
export interface Playable {
  readonly currentTime: number;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error', listener: () => void): void;
}

export interface ReadAloudDeps {
  /** Speaks a sentence (POST /api/tts); aborted when the learner stops. */
  fetchClip(text: string, signal: AbortSignal): Promise<Clip>;
  createAudio(url: string): Playable;
  /** The page's word i as [start, end) in the page text (WordIndex.span). */
  spanOf(i: number): [number, number];
}

export type ReadAloudState = { mode: 'idle' } | { mode: 'sentence' | 'page'; sentence: number };

/**
 * Plays the page's sentences, one or all from a given one, lighting each sentence in the text as it is
 * spoken and, where the engine gave timings, each word. While one sentence plays the next one's audio is
 * already asked for, so the page reads on without a gap. Every start ends what played before; `stop` ends
 * it all (a page turn, leaving the article, the button pressed again) and forgets the fetched audio.
 */
export class ReadAloud {
  private run = 0;
  private abort = new AbortController();
  private clips = new Map<number, Promise<Clip>>();
  private audio: Playable | null = null;
  private stopWords: () => void = () => undefined;

  constructor(
    private readonly deps: ReadAloudDeps,
    private readonly highlight: SpokenHighlight,
    private readonly sentences: readonly PageSentence[],
    private readonly onState: (state: ReadAloudState) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Plays sentence k alone (`page` false) or from k to the page's end. */
  start(k: number, page: boolean): void {
    this.halt();
    const run = ++this.run;
    void this.playFrom(run, k, page);
  }

  stop(): void {
    this.run++;
    this.halt();
    this.abort.abort();
    this.abort = new AbortController();
    for (const clip of this.clips.values()) clip.then((c) => c.release()).catch(() => undefined);
    this.clips.clear();
    this.highlight.clear();
    this.onState({ mode: 'idle' });
  }

  private halt(): void {
    this.stopWords();
    this.stopWords = () => undefined;
    this.audio?.pause();
    this.audio = null;
  }

  private clip(k: number): Promise<Clip> {
    let clip = this.clips.get(k);
    if (!clip) {
      const sentence = this.sentences[k]!;
      clip = this.deps.fetchClip(sentence.text, this.abort.signal);
      clip.catch(() => undefined); // a prefetched clip that fails is reported when its turn comes
      this.clips.set(k, clip);
    }
    return clip;
  }

  private async playFrom(run: number, k: number, page: boolean): Promise<void> {
    const sentence = this.sentences[k];
    if (!sentence) return this.stop();
    this.highlight.showSentence(sentence.first, sentence.last);
    this.onState({ mode: page ? 'page' : 'sentence', sentence: k });
    let clip: Clip;
    try {
      clip = await this.clip(k);
    } catch (error) {
      this.fail(run, error);
      return;
    }
    if (run !== this.run) return;
    if (page && k + 1 < this.sentences.length) void this.clip(k + 1);
    const audio = this.deps.createAudio(clip.url);
    this.audio = audio;
    const ended = () => {
      if (run !== this.run || this.audio !== audio) return;
      this.halt();
      if (page && k + 1 < this.sentences.length) void this.playFrom(run, k + 1, page);
      else this.stop();
    };
    audio.addEventListener('ended', ended);
    audio.addEventListener('error', ended);
    try {
      await audio.play();
    } catch (error) {
      this.fail(run, error);
      return;
    }
    if (run !== this.run || this.audio !== audio) return;
    const words = this.timedWords(sentence, clip.words);
    if (words.length) this.stopWords = followWords(audio, words, (i) => this.highlight.showWord(i));
  }

  private fail(run: number, error: unknown): void {
    if (run !== this.run) return; // stopped or started again meanwhile: not this run's failure to tell
    this.stop();
    this.onError(error);
  }

  /** The clip's words (offsets in the sentence's text) as the page's words, by where they start on the page. */
  private timedWords(sentence: PageSentence, words: readonly SpokenWord[]): TimedWord[] {
    const byStart = new Map<number, number>();
    for (let i = sentence.first; i <= sentence.last; i++) byStart.set(this.deps.spanOf(i)[0], i);
    return words.flatMap((w) => {
      const index = byStart.get(sentence.start + w.start);
      return index === undefined ? [] : [{ index, offsetMs: w.offsetMs }];
    });
  }
}
