import { z } from 'zod';
import { VoiceIdSchema } from '../domain/voices';
import { BytesSchema, CommandIdSchema, PositionSchema, defineRoute } from './route';

/**
 * The admin's audio manager (spec §2 admin, §6 "audio"): the audio of a course chapter or a library
 * article, uploaded (MP3, WAV or Ogg, checked by the file's bytes) or generated with the speech engine,
 * with the start and end of every sentence so the learner's player highlights the one being spoken.
 */
export const AUDIO_TARGETS = ['chapter', 'article'] as const;
export type AudioTarget = (typeof AUDIO_TARGETS)[number];
export const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg'] as const;
/**
 * How the sentence timings were found: `upload` estimated from sentence lengths, `generated` measured as
 * spoken, `aligned` by forced alignment of the recording to the text, `cues` from the subtitles' timings.
 */
export const AUDIO_SOURCES = ['upload', 'generated', 'aligned', 'cues'] as const;
/** 20 MiB: about 20 minutes of MP3 at 128 kbit/s. */
export const AUDIO_MAX_BYTES = 20_971_520;
/** As long as the longest chapter text. */
export const AUDIO_TEXT_MAX = 20_000;

export const AUDIO_MESSAGES = {
  wrongType: 'Only MP3, WAV or Ogg audio files are allowed.',
  rangeNotSatisfiable: 'The part of the audio asked for is past its end.',
  tooLarge: 'The audio file must be at most 20 MB.',
  unreadable: 'The length of this audio file could not be read. Save it again as MP3, WAV or Ogg and try again.',
  textRequired: 'The text is required: the audio is timed sentence by sentence.',
  noAudio: 'This chapter or article has no audio.',
  targetNotFound: 'Not found',
} as const;

/** A word heard in its sentence (contracts' SentenceWord): UTF-16 offsets in the sentence, seconds in the audio. */
export const SentenceWordSchema = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  start: z.number().min(0),
  end: z.number().min(0),
});

/** A sentence's start and end in the audio, with its words' when they are known (generated and aligned audio). */
export const SentenceTimingSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
  words: z.array(SentenceWordSchema).optional(),
});

export const AttachedAudioSchema = z.object({
  targetKind: z.enum(AUDIO_TARGETS),
  targetId: z.uuid(),
  url: z.string(),
  contentType: z.enum(AUDIO_TYPES),
  durationSeconds: z.number().min(0),
  source: z.enum(AUDIO_SOURCES),
  /** One timing per sentence of the text (`splitSentences`), in order. */
  sentences: z.array(SentenceTimingSchema),
  attachedAt: z.number().int(),
});
export type AttachedAudio = z.infer<typeof AttachedAudioSchema>;

const target = z.object({
  targetKind: z.enum(AUDIO_TARGETS, AUDIO_MESSAGES.targetNotFound),
  targetId: z.uuid(AUDIO_MESSAGES.targetNotFound),
});
const text = z.string().trim().min(1, AUDIO_MESSAGES.textRequired).max(AUDIO_TEXT_MAX);
const written = z.object({ audio: AttachedAudioSchema, position: PositionSchema.optional() });

export const adminGetAudio = defineRoute({
  method: 'GET',
  path: '/api/admin/audio/:targetKind/:targetId',
  access: 'admin',
  summary: 'The audio of a chapter or article with its sentence timings, or null',
  params: target,
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: z.object({ audio: AttachedAudioSchema.nullable() }),
});

export const adminGenerateAudio = defineRoute({
  method: 'POST',
  path: '/api/admin/audio/:targetKind/:targetId/generate',
  access: 'admin',
  summary: 'Speak the text with the speech engine, sentence by sentence, and attach the audio with each sentence’s timing',
  params: target,
  body: z.object({ text, voiceId: VoiceIdSchema, commandId: CommandIdSchema.optional() }),
  response: written,
  status: 201,
  errors: { 502: 'The speech engine failed', 503: 'The speech engine cannot run on this server' },
});

export const adminUploadAudio = defineRoute({
  method: 'POST',
  path: '/api/admin/audio/:targetKind/:targetId',
  access: 'admin',
  summary: 'Upload one audio file (mp3, wav or ogg by its bytes, up to 20 MB); its sentences are aligned to the text',
  description:
    'A form with exactly one file part ("File is required." otherwise) and a `text` field: the text the audio speaks. The ' +
    'recording is aligned to the text’s sentences by forced alignment in the chapter’s or article’s language (`source: ' +
    '"aligned"`, on a worker thread with a 3-minute budget); when it cannot be (no speech heard, Ogg Opus, an unknown target, ' +
    'the budget spent) the timings are estimated from sentence lengths (`source: "upload"`).',
  consumes: ['multipart/form-data'],
  params: target,
  body: z.object({
    file: z
      .file()
      .mime([...AUDIO_TYPES])
      .max(AUDIO_MAX_BYTES),
    text,
  }),
  response: written,
  status: 201,
  errors: {
    400: 'No file, two files, no text, a file that is not mp3/wav/ogg by its bytes or whose length cannot be read',
    413: 'A file over 20 MB',
    422: 'Reading the file took too long (it is read on a worker thread with a time budget)',
    503: 'Too many files are being read right now; try again in a minute.',
  },
});

export const adminRemoveAudio = defineRoute({
  method: 'DELETE',
  path: '/api/admin/audio/:targetKind/:targetId',
  access: 'admin',
  summary: 'Remove the audio of a chapter or article',
  params: target,
  response: z.object({ ok: z.literal(true), position: PositionSchema.optional() }),
  errors: { 404: 'It has no audio (AUDIO_MESSAGES.noAudio)' },
});

export const getAudio = defineRoute({
  method: 'GET',
  path: '/api/audio/:targetKind/:targetId',
  access: 'user',
  summary: 'The audio of a chapter or article for the learner’s player, or null',
  description:
    'Only for a caller who may open the chapter or article itself: the same 404 (hidden, private or missing) and 403 (premium) answers as the chapter and article routes. ' +
    'Pass the `position` a learner’s own attach answered as `minPosition` to read the recording just attached.',
  params: target,
  query: z.object({ minPosition: PositionSchema.optional() }),
  errors: { 403: 'A premium chapter or article, for a free learner', 404: 'No such chapter or article the caller may open' },
  response: z.object({ audio: AttachedAudioSchema.nullable() }),
});

export const getAudioFile = defineRoute({
  method: 'GET',
  path: '/api/audio-files/:file',
  access: 'public',
  summary: 'Audio bytes by their content address (<sha-256>.<mp3|wav|ogg>), cached for a year',
  description:
    'Answers a single `Range: bytes=` request with 206 and `Content-Range` (a player seeks by asking from there on; several ranges are answered whole), with `Accept-Ranges: bytes` always.',
  params: z.object({ file: z.string().regex(/^[0-9a-f]{64}\.(mp3|wav|ogg)$/, AUDIO_MESSAGES.targetNotFound) }),
  produces: AUDIO_TYPES,
  response: BytesSchema.meta({ description: 'Audio bytes' }),
  errors: { 404: 'No such audio', 416: 'A range that starts past the end of the audio (`Content-Range: bytes */<size>`)' },
});

export const adminAudioRoutes = { adminGetAudio, adminGenerateAudio, adminUploadAudio, adminRemoveAudio, getAudio, getAudioFile };
