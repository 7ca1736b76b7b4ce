import { z } from 'zod';
import { AUDIO_SOURCES, AUDIO_TARGETS, AUDIO_TYPES, SentenceTimingSchema, VoiceIdSchema } from '@verba/contracts';
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

// ---- The audio of a chapter or article (the admin's audio manager): one small stream per target.

const audioTarget = { targetKind: z.enum(AUDIO_TARGETS), targetId: z.uuid() };
/**
 * An admin, or the author of a private article, attached audio (replacing any before). `file` is the bytes' content address in media storage;
 * `sentences` are timings only, one per sentence of the text, never the text (an author's is sealed).
 * `by` is the acting admin or author.
 */
export const AudioAttached = defineEvent(
  'speech.AudioAttached',
  z.object({
    ...audioTarget,
    file: z.string().regex(/^[0-9a-f]{64}\.(mp3|wav|ogg)$/),
    contentType: z.enum(AUDIO_TYPES),
    durationSeconds: z.number().min(0),
    source: z.enum(AUDIO_SOURCES),
    sentences: z.array(SentenceTimingSchema),
    by: z.uuid(),
    at: z.iso.datetime(),
  }),
);
export const AudioRemoved = defineEvent('speech.AudioRemoved', z.object({ ...audioTarget, by: z.uuid(), at: z.iso.datetime() }));

export const audioEvents = [AudioAttached, AudioRemoved] as const;
export type AudioEvent = EventOf<(typeof audioEvents)[number]>;
export const audioStream = (targetKind: string, targetId: string) => `speech.audio-${targetKind}-${targetId}`;

/** "2026-03" for a time in March 2026 (UTC), as the allowance rule counts months. */
export const utcMonth = (at: Date) => at.toISOString().slice(0, 7);

/** One stream per user and calendar month: bounded, and a new month starts from an empty stream. */
export const usageStream = (userId: string, month: string) => `speech.tts-${userId}.${month}`;
