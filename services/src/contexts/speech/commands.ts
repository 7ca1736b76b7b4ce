import { createHash, randomUUID } from 'node:crypto';
import {
  AUDIO_MESSAGES,
  MESSAGES,
  SPEECH_TEXT_REQUIRED,
  splitSentences,
  timingsByDurations,
  timingsByLength,
  unwrapSpeech,
  wordsFromStarts,
  wrapForSpeech,
  type AttachedAudio,
  type AudioTarget,
  type SentenceTiming,
  type VoiceId,
} from '@verba/contracts';
import { EventCodec } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore } from '../../platform/event-store/port';
import type { MediaStorage } from '../../platform/storage/port';
import { audioDecider } from './decider';
import { audioEvents, audioStream } from './events';
import { AUDIO_EXTENSIONS, joinPieces, type AudioType } from './domain/audio-files';
import { HttpError } from '../../platform/http/problem';
import type { Entitlements } from '../../platform/module';
import type { Logger } from '../../platform/logger';
import { audioKey, type AudioCache, type CachedSpeech } from './domain/audio-cache';
import { wordsOfMarks } from './domain/word-timings';
import { SpeechUnavailableError, type SpeechAudio, type Synthesizer } from './adapters/synthesizer';
import type { TtsUsage } from './domain/usage';
import { audioUrl } from './queries';

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
    private readonly entitlements: Pick<Entitlements, 'subscriptionOf'>,
    private readonly log: Logger,
  ) {}

  /**
   * Audio for the text. A phrase already spoken with this voice and speed comes from the cache and costs
   * nothing; otherwise the call must fit the monthly allowance and is counted once the audio exists.
   */
  async speak(userId: string, input: SpeakInput): Promise<CachedSpeech> {
    const text = unwrapSpeech(input.text).trim();
    if (!text) throw new HttpError(400, SPEECH_TEXT_REQUIRED);
    const key = audioKey(this.synthesizer.name, input.voiceId, input.speed, text);
    const cached = await this.cache.get(key);
    if (cached) return cached;

    const subscription = await this.entitlements.subscriptionOf(userId);
    // A cheap check first, so a user over the limit costs no synthesis; the count below is the exact one.
    if (!(await this.usage.allowance(userId, subscription)).allowed) throw new HttpError(403, MESSAGES.tts.monthlyLimitReached);
    const { marks, ...audio } = await this.synthesize(text, input);
    const words = marks?.length ? wordsOfMarks(text, input.speed, marks) : [];
    const spoken: CachedSpeech = { ...audio, ...(words.length ? { words } : {}) };
    await this.cache.put(key, spoken);
    await this.usage.count(userId, subscription, input.voiceId);
    return spoken;
  }

  private async synthesize(text: string, input: SpeakInput): Promise<SpeechAudio> {
    try {
      return await this.synthesizer.synthesize({ ssml: wrapForSpeech(text, input.speed), voiceId: input.voiceId });
    } catch (e) {
      if (e instanceof SpeechUnavailableError) {
        this.log.warn(
          { engine: this.synthesizer.name, cause: String((e.cause as Error | undefined)?.message ?? '') },
          'speech engine unavailable',
        );
        throw new HttpError(503, e.message);
      }
      // Only name and message: SDK errors can carry request details that have no place in logs.
      this.log.error({ engine: this.synthesizer.name, error: `${(e as Error).name}: ${(e as Error).message}` }, 'speech synthesis failed');
      throw new HttpError(502, MESSAGES.other.speechError);
    }
  }
}

const audioCodec = new EventCodec([...audioEvents]);
type Target = { targetKind: AudioTarget; targetId: string };
export interface AudioFile {
  bytes: Buffer;
  contentType: AudioType;
  durationSeconds: number;
  /** The bytes' SHA-256 (hex) when it was taken as they arrived; else it is computed here. */
  sha256?: string;
}

/**
 * The audio manager's commands: the bytes go to media storage under their content address first (a file
 * nothing points to is harmless), then the fact is appended with the acting admin.
 */
export class AudioCommands {
  constructor(
    private readonly store: EventStore,
    private readonly storage: MediaStorage,
    private readonly synthesizer: Synthesizer,
    private readonly log: Logger,
    private readonly now: () => Date,
  ) {}

  /** An uploaded file: sentence timings are estimated from each sentence's share of the text. */
  async upload(target: Target, text: string, file: AudioFile, by: string, commandId?: string) {
    const sentences = splitSentences(text);
    if (!sentences.length) throw new HttpError(400, AUDIO_MESSAGES.textRequired);
    return this.attach(target, file, 'upload', timingsByLength(sentences, file.durationSeconds), by, commandId);
  }

  /** Spoken sentence by sentence, so each sentence's timing is its own measured length. */
  async generate(target: Target, text: string, voiceId: VoiceId, by: string, commandId?: string) {
    const sentences = splitSentences(text);
    if (!sentences.length) throw new HttpError(400, AUDIO_MESSAGES.textRequired);
    const pieces: SpeechAudio[] = [];
    for (const sentence of sentences) pieces.push(await this.speak(sentence, voiceId));
    const contentType = pieces[0]!.contentType === 'audio/mpeg' ? 'audio/mpeg' : 'audio/wav';
    const joined = joinPieces(
      pieces.map((p) => Buffer.from(p.audio.buffer, p.audio.byteOffset, p.audio.byteLength)),
      contentType,
    );
    if (!joined) {
      this.log.error({ engine: this.synthesizer.name, contentType }, 'generated audio could not be joined');
      throw new HttpError(502, MESSAGES.other.speechError);
    }
    const durationSeconds = joined.durations.reduce((a, b) => a + b, 0);
    // Each sentence's words as the engine marked them, heard that long after its piece begins.
    const timings = timingsByDurations(joined.durations).map((timing, i) => {
      const marks = pieces[i]!.marks;
      const words = marks?.length ? wordsOfMarks(sentences[i]!, 1, marks) : [];
      if (!words.length) return timing;
      const starts = words.map((w) => ({ from: w.start, to: w.end, start: timing.start + w.offsetMs / 1000 }));
      return { ...timing, words: wordsFromStarts(timing, starts) };
    });
    return this.attach(target, { bytes: joined.bytes, contentType, durationSeconds }, 'generated', timings, by, commandId);
  }

  /** A file whose sentence timings were found already: by a subtitle import's cues, or aligned to the text. */
  attachTimed(target: Target, file: AudioFile, source: 'cues' | 'aligned', sentences: SentenceTiming[], by: string, commandId?: string) {
    return this.attach(target, file, source, sentences, by, commandId);
  }

  async remove(target: Target, by: string) {
    const { position } = await handleCommand({
      store: this.store,
      codec: audioCodec,
      decider: audioDecider,
      streamId: audioStream(target.targetKind, target.targetId),
      command: { kind: 'remove', ...target, by, at: this.now() },
      commandId: randomUUID(),
      actor: by,
    });
    return position ? { position } : {};
  }

  private async attach(
    target: Target,
    file: AudioFile,
    source: AttachedAudio['source'],
    sentences: SentenceTiming[],
    by: string,
    commandId: string = randomUUID(),
  ) {
    const name = `${file.sha256 ?? createHash('sha256').update(file.bytes).digest('hex')}.${AUDIO_EXTENSIONS[file.contentType]}`;
    await this.storage.put(name, file.bytes, file.contentType);
    const at = this.now();
    const audio = {
      ...target,
      file: name,
      contentType: file.contentType,
      durationSeconds: Math.round(file.durationSeconds * 1000) / 1000,
      source,
      sentences,
    };
    const { position } = await handleCommand({
      store: this.store,
      codec: audioCodec,
      decider: audioDecider,
      streamId: audioStream(target.targetKind, target.targetId),
      command: { kind: 'attach', audio, by, at },
      commandId,
      actor: by,
    });
    const attached: AttachedAudio = {
      ...target,
      url: audioUrl(name),
      contentType: file.contentType,
      durationSeconds: audio.durationSeconds,
      source,
      sentences,
      attachedAt: at.getTime(),
    };
    return { audio: attached, ...(position ? { position } : {}) };
  }

  private async speak(sentence: string, voiceId: VoiceId): Promise<SpeechAudio> {
    try {
      return await this.synthesizer.synthesize({ ssml: wrapForSpeech(sentence), voiceId });
    } catch (e) {
      if (e instanceof SpeechUnavailableError) throw new HttpError(503, e.message);
      this.log.error({ engine: this.synthesizer.name, error: `${(e as Error).name}: ${(e as Error).message}` }, 'speech synthesis failed');
      throw new HttpError(502, MESSAGES.other.speechError);
    }
  }
}
