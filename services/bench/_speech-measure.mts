import { createEspeakWasmSynthesizer } from '../src/contexts/speech/adapters/espeak-wasm';
import { wrapForSpeech } from '@verba/contracts';
const rss = () => (process.memoryUsage().rss / 1048576).toFixed(1);
globalThis.gc?.();
console.log('rss before', rss());
const s = createEspeakWasmSynthesizer({ idleMs: 3000 });
for (const [v, t] of [['Marlene', 'Guten Morgen! Vier Brötchen, bitte.'], ['Marlene', 'Die Kinder spielten im Garten, während die Sonne schien.'], ['Celine', 'Bonjour, je voudrais un café.'], ['Celine', 'Il fait beau aujourd’hui.'], ['Tatyana', 'Доброе утро!'], ['Mia', 'Buenos días']] as const) {
  const t0 = performance.now();
  const a = await s.synthesize({ ssml: wrapForSpeech(t), voiceId: v });
  console.log(v, (performance.now() - t0).toFixed(0), 'ms', a.audio.length, 'bytes; rss', rss());
}
await new Promise((r) => setTimeout(r, 4000));
globalThis.gc?.();
console.log('rss after idle end', rss());
