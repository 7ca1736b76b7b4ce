import { z } from 'zod';
import { VoiceIdSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

/**
 * One text-to-speech call was made for the user (audio not served from the cache). Carries the running
 * count of the month, so the current state is the stream's last event alone (see usage.ts).
 */
export const TtsCallCounted = defineEvent(
  'speech.TtsCallCounted',
  z.object({
    userId: z.string().min(1),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    callsThisMonth: z.number().int().positive(),
    voiceId: VoiceIdSchema,
    at: z.iso.datetime(),
  }),
);

export const speechEvents = [TtsCallCounted] as const;
export type SpeechEvent = EventOf<(typeof speechEvents)[number]>;

/** "2026-03" for a time in March 2026 (UTC), as the allowance rule counts months. */
export const utcMonth = (at: Date) => at.toISOString().slice(0, 7);

/** One stream per user and calendar month: bounded, and a new month starts from an empty stream. */
export const usageStream = (userId: string, month: string) => `speech.tts-${userId}.${month}`;
