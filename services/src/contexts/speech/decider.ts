import { MESSAGES, ttsAllowance, type Subscription, type TtsLimits, type VoiceId } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { SpeechEvent } from './events';

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
