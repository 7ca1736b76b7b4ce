// The espeak-ng WebAssembly engine in its own thread (see espeak-wasm.ts: why a thread, and when it ends).
// Plain JavaScript so the thread starts without the TypeScript loader. Messages in: { id, ssml, voice };
// out: { type: 'ready', sampleRate } once, then { id, samples, words } (16-bit PCM, transferred; words: the
// engine's word events as [1-based code point position in the SSML, audio ms]) or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';

/** @type {any} */
let engine;
try {
  const { default: initialize } = await import(workerData.engine);
  const wasm = await initialize();
  engine = new wasm.eSpeakNGWorker();
} catch (e) {
  parentPort.postMessage({ type: 'failed', error: `${e?.name ?? 'Error'}: ${e?.message ?? e}` });
  process.exit(1);
}
parentPort.postMessage({ type: 'ready', sampleRate: engine.get_samplerate() });

parentPort.on('message', ({ id, ssml, voice }) => {
  try {
    // 0 is ENS_OK; anything else means the voice is missing from the engine's data.
    const status = engine.set_voice(voice);
    if (status !== 0) throw new Error(`espeak-ng has no voice "${voice}" (status ${status})`);
    /** @type {Int16Array[]} */
    const chunks = [];
    /** @type {[number, number][]} */
    const words = [];
    // The engine reads its input as SSML (the server always sends an escaped SSML document).
    engine.synthesize(ssml, (/** @type {Int16Array} */ samples, /** @type {any[]} */ events) => {
      if (samples?.length) chunks.push(samples);
      for (const e of events ?? []) if (e.type === 'word') words.push([e.text_position, e.audio_position]);
    });
    const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    parentPort.postMessage({ id, samples, words }, [samples.buffer]);
  } catch (e) {
    parentPort.postMessage({ id, error: `${e?.name ?? 'Error'}: ${e?.message ?? e}` });
  }
});
