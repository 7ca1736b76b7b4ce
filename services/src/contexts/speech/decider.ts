import { AUDIO_MESSAGES, MESSAGES, ttsAllowance, type Subscription, type TtsLimits, type VoiceId } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { AudioEvent, SpeechEvent } from './events';

export interface CountCall {
  userId: string;
  subscription: Subscription;
  voiceId: VoiceId;
  month: string;
  at: Date;
}

export const initialUsage = (): TtsLimits => ({ ttsApiCalls: 0 });

/** Counts one call if the allowance rule allows it now; refuses with the spec's message otherwise. */
export const usageDecider: Decider<CountCall, TtsLimits, SpeechEvent> = {
  initialState: initialUsage,
  decide(c, s) {
    const allowance = ttsAllowance(c.subscription, s, c.at.getTime());
    if (!allowance.allowed) throw new DomainError(MESSAGES.tts.monthlyLimitReached, 403);
    return [
      {
        type: 'speech.TtsCallCounted',
        data: { userId: c.userId, month: c.month, callsThisMonth: allowance.callsUsedAfter, voiceId: c.voiceId, at: c.at.toISOString() },
      },
    ];
  },
  evolve: (_s, e) => ({ ttsApiCalls: e.data.callsThisMonth, lastTtsApiCallStamp: Date.parse(e.data.at) }),
};

type AudioAttachedData = Extract<AudioEvent, { type: 'speech.AudioAttached' }>['data'];
export type AudioCommand =
  | { kind: 'attach'; audio: Omit<AudioAttachedData, 'by' | 'at'>; by: string; at: Date }
  | { kind: 'remove'; targetKind: AudioAttachedData['targetKind']; targetId: string; by: string; at: Date };
export type AudioState = { attached?: Omit<AudioAttachedData, 'by' | 'at'> };

/** The same audio with the same timings again changes nothing (a retried upload); removing none is a 404. */
export const audioDecider: Decider<AudioCommand, AudioState, AudioEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    const at = c.at.toISOString();
    if (c.kind === 'attach') {
      if (s.attached && JSON.stringify(s.attached) === JSON.stringify(c.audio)) return [];
      return [{ type: 'speech.AudioAttached', data: { ...c.audio, by: c.by, at } }];
    }
    if (!s.attached) throw new DomainError(AUDIO_MESSAGES.noAudio, 404);
    return [{ type: 'speech.AudioRemoved', data: { targetKind: c.targetKind, targetId: c.targetId, by: c.by, at } }];
  },
  evolve(_s, e) {
    if (e.type === 'speech.AudioRemoved') return {};
    const { targetKind, targetId, file, contentType, durationSeconds, source, sentences } = e.data;
    return { attached: { targetKind, targetId, file, contentType, durationSeconds, source, sentences } };
  },
};
