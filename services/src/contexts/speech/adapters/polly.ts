import type { VoiceId as PollyVoiceId } from '@aws-sdk/client-polly';
import type { SpeechAudio, SpeechRequest, Synthesizer } from './synthesizer';

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
      const out = await client.send(
        new SynthesizeSpeechCommand({ Text: ssml, TextType: 'ssml', VoiceId: voiceId as PollyVoiceId, OutputFormat: 'mp3' }),
      );
      if (!out.AudioStream) throw new Error('Polly returned no audio');
      const audio = await out.AudioStream.transformToByteArray();
      if (audio.length === 0) throw new Error('Polly returned empty audio');
      return { audio, contentType: out.ContentType ?? 'audio/mpeg' };
    },
  };
}
