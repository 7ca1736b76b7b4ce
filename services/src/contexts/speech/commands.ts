import { MESSAGES, SPEECH_TEXT_REQUIRED, unwrapSpeech, wrapForSpeech, type VoiceId } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import type { Authenticator } from '../../platform/http/routes';
import type { Logger } from '../../platform/logger';
import { audioKey, type AudioCache } from './domain/audio-cache';
import { SpeechUnavailableError, type SpeechAudio, type Synthesizer } from './adapters/synthesizer';
import type { TtsUsage } from './domain/usage';
import { subscriptionOf } from './queries';

export interface SpeakInput {
  text: string;
  voiceId: VoiceId;
  speed: number;
}

/** Speaking a text: the one command of this context (it counts the month's calls); queries.ts reads the allowance. */
export class SpeechCommands {
  constructor(
    private readonly synthesizer: Synthesizer,
    private readonly cache: AudioCache,
    private readonly usage: TtsUsage,
    private readonly auth: Pick<Authenticator, 'isMaster'>,
    private readonly log: Logger,
  ) {}

  /**
   * Audio for the text. A phrase already spoken with this voice and speed comes from the cache and costs
   * nothing; otherwise the call must fit the monthly allowance and is counted once the audio exists.
   */
  async speak(userId: string, input: SpeakInput): Promise<SpeechAudio> {
    const text = unwrapSpeech(input.text).trim();
    if (!text) throw new HttpError(400, SPEECH_TEXT_REQUIRED);
    const key = audioKey(this.synthesizer.name, input.voiceId, input.speed, text);
    const cached = await this.cache.get(key);
    if (cached) return cached;

    const subscription = await subscriptionOf(this.auth, userId);
    // A cheap check first, so a user over the limit costs no synthesis; the count below is the exact one.
    if (!(await this.usage.allowance(userId, subscription)).allowed) throw new HttpError(403, MESSAGES.tts.monthlyLimitReached);
    const audio = await this.synthesize(text, input);
    await this.cache.put(key, audio);
    await this.usage.count(userId, subscription, input.voiceId);
    return audio;
  }

  private async synthesize(text: string, input: SpeakInput): Promise<SpeechAudio> {
    try {
      return await this.synthesizer.synthesize({ ssml: wrapForSpeech(text, input.speed), voiceId: input.voiceId });
    } catch (e) {
      if (e instanceof SpeechUnavailableError) {
        this.log.warn({ engine: this.synthesizer.name, cause: String((e.cause as Error | undefined)?.message ?? '') }, 'speech engine unavailable');
        throw new HttpError(503, e.message);
      }
      // Only name and message: SDK errors can carry request details that have no place in logs.
      this.log.error({ engine: this.synthesizer.name, error: `${(e as Error).name}: ${(e as Error).message}` }, 'speech synthesis failed');
      throw new HttpError(502, MESSAGES.other.speechError);
    }
  }
}
