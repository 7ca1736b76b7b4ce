import type { VoiceId } from '@verba/contracts';

export interface SpeechRequest {
  /** A complete SSML document (built by the server with `wrapForSpeech`). */
  ssml: string;
  voiceId: VoiceId;
}

export interface SpeechAudio {
  audio: Uint8Array;
  contentType: string;
}

/** Text-to-speech port: Amazon Polly in production, espeak-ng offline. */
export interface Synthesizer {
  /** Part of the audio cache key: audio from one engine is never served for another. */
  readonly name: string;
  synthesize(request: SpeechRequest): Promise<SpeechAudio>;
}

/** The engine cannot run here at all (e.g. espeak-ng is not installed): 503, not a failed call. */
export class SpeechUnavailableError extends Error {
  override readonly name = 'SpeechUnavailableError';
}
