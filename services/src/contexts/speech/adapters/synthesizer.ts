import type { VoiceId } from '@verba/contracts';
import type { EngineMark } from '../domain/word-timings';

export interface SpeechRequest {
  /** A complete SSML document (built by the server with `wrapForSpeech`). */
  ssml: string;
  voiceId: VoiceId;
}

export interface SpeechAudio {
  audio: Uint8Array;
  contentType: string;
  /** Where each word starts in the SSML and when it is heard, when the engine says (the command maps them to the text). */
  marks?: EngineMark[];
}

/** Text-to-speech port: Amazon Polly in production, espeak-ng (WebAssembly) offline. */
export interface Synthesizer {
  /** Part of the audio cache key: audio from one engine is never served for another. */
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
  /** Frees what the engine holds (a thread); called when the server closes. */
  close?(): Promise<void>;
}

/** The engine cannot run here at all (e.g. WebAssembly or the engine's package is missing): 503, not a failed call. */
export class SpeechUnavailableError extends Error {
  override readonly name = 'SpeechUnavailableError';
}
