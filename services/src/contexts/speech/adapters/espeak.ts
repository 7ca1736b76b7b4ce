import { spawn } from 'node:child_process';
import type { VoiceId } from '@verba/contracts';
import { SpeechUnavailableError, type SpeechAudio, type SpeechRequest, type Synthesizer } from './synthesizer';

/**
 * Each Polly voice as an espeak-ng voice of the same language and accent (es-419 for the American Spanish
 * voices), with a female (+f) or male (+m) variant so the choice still sounds different.
 */
export const ESPEAK_VOICES: Readonly<Record<VoiceId, string>> = {
  Marlene: 'de+f3',
  Vicki: 'de+f4',
  Hans: 'de+m3',
  Celine: 'fr-fr+f3',
  Lea: 'fr-fr+f4',
  Mathieu: 'fr-fr+m3',
  Lucia: 'es+f3',
  Enrique: 'es+m3',
  Mia: 'es-419+f3',
  Penelope: 'es-419+f4',
  Miguel: 'es-419+m3',
  Tatyana: 'ru+f3',
  Maxim: 'ru+m3',
};

export const ESPEAK_UNAVAILABLE = 'Text to speech is unavailable: espeak-ng is not installed on the server.';

export interface EspeakOptions {
  /** The executable; a test may point it at a missing one. */
  command?: string;
  timeoutMs?: number;
}

/** Local adapter: espeak-ng reads the SSML (-m) on stdin and writes a WAV file to stdout. */
export function createEspeakSynthesizer(options: EspeakOptions = {}): Synthesizer {
  const command = options.command ?? 'espeak-ng';
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    name: 'espeak-ng',
    synthesize: (request) => run(command, request, timeoutMs),
  };
}

function run(command: string, { ssml, voiceId }: SpeechRequest, timeoutMs: number): Promise<SpeechAudio> {
  return new Promise((resolve, reject) => {
    // Arguments as an array (no shell); the text goes through stdin, never through the command line.
    const child = spawn(command, ['-m', '-v', ESPEAK_VOICES[voiceId], '--stdin', '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 2000) stderr += c.toString();
    });
    child.stdin.on('error', () => undefined); // the process may exit before reading everything; 'close' reports it
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new SpeechUnavailableError(ESPEAK_UNAVAILABLE) : e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const wav = Buffer.concat(chunks);
      if (code !== 0 || wav.length <= 44) {
        reject(new Error(`espeak-ng failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
        return;
      }
      resolve({ audio: fixWavSizes(wav), contentType: 'audio/wav' });
    });
    child.stdin.end(ssml);
  });
}

/**
 * espeak-ng streaming to stdout cannot know the length, so its RIFF and data sizes are placeholders;
 * some players stop early or refuse such files. The whole file is in memory here, so write the real sizes.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') return wav;
  wav.writeUInt32LE(wav.length - 8, 4);
  for (let offset = 12; offset + 8 <= wav.length; ) {
    const id = wav.toString('ascii', offset, offset + 4);
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - offset - 8, offset + 4);
      break;
    }
    offset += 8 + wav.readUInt32LE(offset + 4);
  }
  return wav;
}
