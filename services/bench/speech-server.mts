/**
 * The server's speech path for the shell bench's read-aloud figure (shell/scripts/bench.mjs,
 * read_aloud_first_audio_ms): POST /api/tts answered as the API answers it, by the same espeak-ng
 * WebAssembly adapter in its thread, with the words' timings header, but never from the audio cache
 * (each sentence is new, the slow case) and with no allowance to count (two queries less than the API).
 * Prints `listening <url>` once the engine is warm (a running server keeps its thread for 60 s).
 *   node --import tsx services/bench/speech-server.mts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SPEECH_WORDS_HEADER, unwrapSpeech, wrapForSpeech, type VoiceId } from '@verba/contracts';
import { createEspeakWasmSynthesizer } from '../src/contexts/speech/adapters/espeak-wasm';
import { wordsOfMarks } from '../src/contexts/speech/domain/word-timings';

const espeak = createEspeakWasmSynthesizer();
await espeak.synthesize({ ssml: wrapForSpeech('Guten Morgen.'), voiceId: 'Marlene' }); // the thread starts here, not in a figure

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    void (async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { text: string; voiceId: VoiceId; speed?: number };
        const text = unwrapSpeech(body.text).trim();
        const speed = body.speed ?? 1;
        const { audio, contentType, marks } = await espeak.synthesize({ ssml: wrapForSpeech(text, speed), voiceId: body.voiceId });
        const words = wordsOfMarks(text, speed, marks ?? []);
        res.writeHead(200, { 'content-type': contentType, [SPEECH_WORDS_HEADER]: JSON.stringify(words) });
        res.end(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
      } catch (e) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(e));
      }
    })();
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}/api/tts`);
});
process.on('SIGTERM', () => {
  server.close();
  void espeak.close?.().then(() => process.exit(0));
});
