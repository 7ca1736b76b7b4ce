import type { Speaker } from './align';

/** The npm package with espeak-ng compiled to WebAssembly (the one adapters/espeak-wasm.ts runs). */
const ENGINE = '@echogarden/espeak-ng-emscripten';

interface EspeakWorker {
  get_samplerate(): number;
  set_voice(voice: string): number;
  synthesize(
    ssml: string,
    callback: (
      samples: Int16Array | undefined,
      events: { type: string; text_position: number; audio_position: number }[] | undefined,
    ) => void,
  ): void;
}

async function load(engine: string): Promise<Speaker> {
  const { default: initialize } = (await import(engine)) as { default: () => Promise<{ eSpeakNGWorker: new () => EspeakWorker }> };
  const wasm = await initialize();
  const worker = new wasm.eSpeakNGWorker();
  return {
    sampleRate: worker.get_samplerate(),
    speak(ssml, voice) {
      // 0 is ENS_OK; anything else means the voice is missing from the engine's data.
      const status = worker.set_voice(voice);
      if (status !== 0) throw new Error(`espeak-ng has no voice "${voice}" (status ${status}).`);
      const chunks: Int16Array[] = [];
      const words: [number, number][] = [];
      worker.synthesize(ssml, (samples, events) => {
        if (samples?.length) chunks.push(samples.slice()); // a view of the engine's memory, reused
        for (const e of events ?? []) if (e.type === 'word') words.push([e.text_position, e.audio_position]);
      });
      const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        samples.set(chunk, at);
        at += chunk.length;
      }
      return { samples, words };
    },
  };
}

/**
 * The engine loaded into the calling thread itself (a worker of the untrusted pool), on first use and
 * then kept by the returned function: about 0.3 s and 50 MiB, outside the JavaScript heap the pool
 * limits. The job never starts a thread of its own, so the pool's time budget ends the synthesis along
 * with the job. A failed load is tried again on the next call.
 */
export function espeakLoader(engine = ENGINE): () => Promise<Speaker> {
  let loading: Promise<Speaker> | undefined;
  return () => {
    loading ??= load(engine);
    loading.catch(() => (loading = undefined));
    return loading;
  };
}
