import { Worker } from 'node:worker_threads';
import { SPEECH_UNAVAILABLE, type VoiceId } from '@verba/contracts';
import { pcm16ToWav } from './wav';
import { codePointIndexes } from '../domain/word-timings';
import { SpeechUnavailableError, type SpeechAudio, type SpeechRequest, type Synthesizer } from './synthesizer';

/**
 * Each Polly voice as an espeak-ng voice of the same language and accent (es-419 for the American Spanish
 * voices), with a female (+f) or male (+m) variant so the choice still sounds different.
 */
export const ESPEAK_VOICES: Readonly<Record<VoiceId, string>> = {
  Marlene: 'de+f3',
  Vicki: 'de+f4',
  Hans: 'de+m3',
  Celine: 'fr+f3',
  Lea: 'fr+f4',
  Mathieu: 'fr+m3',
  Lucia: 'es+f3',
  Enrique: 'es+m3',
  Mia: 'es-419+f3',
  Penelope: 'es-419+f4',
  Miguel: 'es-419+m3',
  Tatyana: 'ru+f3',
  Maxim: 'ru+m3',
};

/** The npm package with espeak-ng compiled to WebAssembly (GPL-3.0, like espeak-ng itself). */
export const ESPEAK_WASM_PACKAGE = '@echogarden/espeak-ng-emscripten';

export interface EspeakWasmOptions {
  /** The module the thread loads; a test points it at one that does not exist. */
  engine?: string;
  /** How long one synthesis may take before the thread is ended (3000 characters take about 0.7 s). */
  timeoutMs?: number;
  /** Idle time after which the thread ends and gives its memory back (it loads again on the next call). */
  idleMs?: number;
}

/** The engine's word events: [1-based code point position in the SSML, milliseconds into the audio]. */
type WordEvents = [number, number][];
type Reply =
  | { type: 'ready'; sampleRate: number }
  | { type: 'failed'; error: string }
  | { id: number; samples?: Int16Array; words?: WordEvents; error?: string };

interface Spoken {
  samples: Int16Array;
  words: WordEvents;
}

interface Pending {
  resolve(spoken: Spoken): void;
  reject(error: Error): void;
}

/** One started thread: its requests in flight, and how to fail them all (and its start) at once. */
interface Running {
  worker: Worker;
  ready: Promise<number>;
  pending: Map<number, Pending>;
  fail(error: Error): void;
}

/**
 * Local adapter: espeak-ng compiled to WebAssembly from npm, so any machine with Node.js speaks (no
 * espeak-ng binary needed). It runs in a worker thread because a sentence takes 30-100 ms of CPU and a
 * long paragraph 0.7 s, which would stall every other request on the event loop. The thread, with its
 * 24 MB of voice data and the engine's memory (about 50 MiB resident in all), starts on the first call
 * and ends after `idleMs` without one.
 */
export function createEspeakWasmSynthesizer(options: EspeakWasmOptions = {}): Synthesizer {
  const engine = new EspeakThread(options.engine ?? ESPEAK_WASM_PACKAGE, options.timeoutMs ?? 15_000, options.idleMs ?? 60_000);
  return {
    name: 'espeak-ng-wasm',
    async synthesize({ ssml, voiceId }: SpeechRequest): Promise<SpeechAudio> {
      const { samples, words, sampleRate } = await engine.speak(ssml, ESPEAK_VOICES[voiceId]);
      if (samples.length === 0) throw new Error('espeak-ng produced no audio');
      const indexes = codePointIndexes(ssml);
      const marks = words.flatMap(([position, ms]) => {
        const index = indexes[position - 1];
        return index === undefined ? [] : [{ index, ms }];
      });
      return { audio: pcm16ToWav(samples, sampleRate), contentType: 'audio/wav', marks };
    },
    close: () => engine.stop(),
  };
}

class EspeakThread {
  private running: Running | undefined;
  private nextId = 0;
  /** Calls between their start and their answer: the thread idles only when there are none. */
  private active = 0;
  /** The calls' turns: each starts when the one before it ended. */
  private queue: Promise<void> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly engine: string,
    private readonly timeoutMs: number,
    private readonly idleMs: number,
  ) {}

  async speak(ssml: string, voice: string): Promise<Spoken & { sampleRate: number }> {
    clearTimeout(this.idleTimer);
    this.active++;
    try {
      // One synthesis at a time (the engine runs one anyway), so each call's timeout measures its own
      // work: 60 calls at once used to time out the last ones waiting in the thread's queue.
      const turn = this.queue.then(() => this.synthesize(ssml, voice));
      this.queue = turn.then(
        () => undefined,
        () => undefined,
      );
      return await turn;
    } finally {
      if (--this.active === 0 && this.running) {
        this.idleTimer = setTimeout(() => void this.stop(), this.idleMs);
        this.idleTimer.unref();
      }
    }
  }

  private async synthesize(ssml: string, voice: string): Promise<Spoken & { sampleRate: number }> {
    const thread = this.start();
    const sampleRate = await thread.ready;
    const id = this.nextId++;
    const spoken = await new Promise<Spoken>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`espeak-ng took longer than ${this.timeoutMs} ms`));
        void this.stop(); // a stuck engine cannot be interrupted, only ended
      }, this.timeoutMs);
      const done = () => (clearTimeout(timer), thread.pending.delete(id));
      thread.pending.set(id, { resolve: (s) => (done(), resolve(s)), reject: (e) => (done(), reject(e)) });
      thread.worker.postMessage({ id, ssml, voice });
    });
    return { ...spoken, sampleRate };
  }

  /** The running thread, or a new one; its `ready` gives the engine's sample rate, or fails as unavailable. */
  private start(): Running {
    if (this.running) return this.running;
    const worker = new Worker(new URL('./espeak-wasm-worker.mjs', import.meta.url), {
      workerData: { engine: this.engine },
      execArgv: [], // not the parent's TypeScript loader: the thread runs plain JavaScript
    });
    worker.unref(); // never what keeps the process alive
    const pending = new Map<number, Pending>();
    let started = false;
    let failStart!: (error: Error) => void;
    const ready = new Promise<number>((resolve, reject) => {
      failStart = reject;
      worker.on('message', (m: Reply) => {
        if (!('type' in m)) {
          if (m.samples) pending.get(m.id)?.resolve({ samples: m.samples, words: m.words ?? [] });
          else pending.get(m.id)?.reject(new Error(m.error ?? 'espeak-ng failed'));
        } else if (m.type === 'ready') {
          started = true;
          resolve(m.sampleRate);
        } else reject(new SpeechUnavailableError(SPEECH_UNAVAILABLE, { cause: new Error(m.error) }));
      });
    });
    ready.catch(() => undefined); // a failed start is reported to the calls waiting on it, not as unhandled
    const running: Running = {
      worker,
      ready,
      pending,
      fail: (error) => {
        // Forgotten at once, so the next call starts a new thread (never posts to this ending one).
        if (this.running === running) this.running = undefined;
        failStart(error);
        for (const waiting of [...pending.values()]) waiting.reject(error);
      },
    };
    // A thread that never started means no speech here (503); one that died later failed its calls (502).
    const ended = (cause?: Error) =>
      started ? new Error('espeak-ng stopped', { cause }) : new SpeechUnavailableError(SPEECH_UNAVAILABLE, { cause });
    worker.on('error', (e) => running.fail(ended(e)));
    worker.on('exit', () => running.fail(ended()));
    this.running = running;
    return running;
  }

  async stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const running = this.running;
    if (!running) return;
    running.fail(new Error('espeak-ng stopped'));
    await running.worker.terminate();
  }
}
