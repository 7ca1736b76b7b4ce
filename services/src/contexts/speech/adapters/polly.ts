import type { VoiceId as PollyVoiceId } from '@aws-sdk/client-polly';
import type { SpeechAudio, SpeechRequest, Synthesizer } from './synthesizer';
import { byteIndexes, type EngineMark } from '../domain/word-timings';

/** Polly's word speech marks (one JSON object a line; `start` a UTF-8 byte offset in the SSML) as marks. */
export function wordMarks(ssml: string, lines: string): EngineMark[] {
  const indexes = byteIndexes(ssml);
  const marks: EngineMark[] = [];
  for (const line of lines.split('\n')) {
    if (!line.trim()) continue;
    const mark = JSON.parse(line) as { type?: string; start?: number; time?: number };
    const index = mark.start === undefined ? undefined : indexes.get(mark.start);
    if (mark.type === 'word' && index !== undefined && typeof mark.time === 'number') marks.push({ index, ms: mark.time });
  }
  return marks;
}

export interface PollyOptions {
  region: string;
  /** Another endpoint than AWS's (a VPC endpoint, or a local server in tests). */
  endpoint?: string;
  /** Explicit credentials (tests); otherwise the AWS default chain (environment, role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Amazon Polly: the spec's voices are Polly voice ids, sent as they are, with SSML text, as MP3. The SDK is
 * loaded on first use, so the default (espeak-ng) never pays its memory.
 */
export function createPollySynthesizer(options: PollyOptions): Synthesizer {
  const sdk = import('@aws-sdk/client-polly').then((m) => ({
    SynthesizeSpeechCommand: m.SynthesizeSpeechCommand,
    client: new m.PollyClient({
      region: options.region,
      maxAttempts: 2,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    }),
  }));
  sdk.catch(() => undefined); // reported by the first synthesis
  return {
    name: 'polly',
    async synthesize({ ssml, voiceId }: SpeechRequest): Promise<SpeechAudio> {
      const { client, SynthesizeSpeechCommand } = await sdk;
      const input = { Text: ssml, TextType: 'ssml', VoiceId: voiceId as PollyVoiceId } as const;
      // The words' timings are a second call (speech marks), asked for beside the audio so it adds no wait;
      // audio without them still plays (the reader then highlights the sentence only).
      const marks = client
        .send(new SynthesizeSpeechCommand({ ...input, OutputFormat: 'json', SpeechMarkTypes: ['word'] }))
        .then(async (out) => wordMarks(ssml, (await out.AudioStream?.transformToString()) ?? ''))
        .catch(() => undefined);
      const out = await client.send(new SynthesizeSpeechCommand({ ...input, OutputFormat: 'mp3' }));
      if (!out.AudioStream) throw new Error('Polly returned no audio');
      const audio = await out.AudioStream.transformToByteArray();
      if (audio.length === 0) throw new Error('Polly returned empty audio');
      const words = await marks;
      return { audio, contentType: out.ContentType ?? 'audio/mpeg', ...(words?.length ? { marks: words } : {}) };
    },
  };
}
