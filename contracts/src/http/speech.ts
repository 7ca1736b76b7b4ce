import { z } from 'zod';
import { SPEECH_SPEED_MAX, SPEECH_SPEED_MIN } from '../domain/speech';
import { VOICE_IDS } from '../domain/voices';
import { defineRoute } from './route';

/** Longest text spoken in one call (a paragraph); longer texts are split by the caller. */
export const MAX_SPEECH_TEXT = 3000;

export const SPEECH_TEXT_REQUIRED = 'Text is required';
export const SPEECH_TEXT_TOO_LONG = `At most ${MAX_SPEECH_TEXT} characters can be spoken at once`;
export const SPEECH_UNKNOWN_VOICE = 'Unknown voice';
export const SPEECH_BAD_SPEED = `Speed must be between ${SPEECH_SPEED_MIN} and ${SPEECH_SPEED_MAX}`;
/** 503: no speech engine can run on this server at all (the reader shows it as it is). */
export const SPEECH_UNAVAILABLE = 'Speech is unavailable on this server';

/**
 * Where each word of the spoken text is heard, when the engine says (espeak-ng's word events, Polly's word
 * speech marks): a JSON array in this response header of POST /api/tts, absent when the engine gave none.
 * A header rather than a JSON body so the answer stays audio bytes a player (and a cache) takes as they are.
 */
export const SPEECH_WORDS_HEADER = 'x-speech-words';

/** One word of the text as sent (`start`..`end` are UTF-16 offsets into it), heard `offsetMs` after the audio starts. */
export const SpokenWordSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  offsetMs: z.number().min(0),
});
export type SpokenWord = z.infer<typeof SpokenWordSchema>;
export const SpokenWordsSchema = z.array(SpokenWordSchema);

/** The words header as timings, or none when it is missing or not what the server sends (never throws). */
export function parseSpokenWords(header: string | null | undefined): SpokenWord[] {
  if (!header) return [];
  try {
    return SpokenWordsSchema.safeParse(JSON.parse(header)).data ?? [];
  } catch {
    return [];
  }
}

/** Audio bytes; the content type (audio/mpeg from Polly, audio/wav from the local espeak-ng) says which. */
export const AudioSchema = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array)
  .meta({ description: 'Audio bytes (audio/mpeg or audio/wav)' });

export const synthesizeSpeech = defineRoute({
  method: 'POST',
  path: '/api/tts',
  access: 'user',
  summary: 'Speak a text with a voice (audio bytes). Free users have a monthly allowance; repeated phrases are free.',
  description:
    `When the engine gives word timings, the \`${SPEECH_WORDS_HEADER}\` header holds them as JSON: ` +
    '`[{ "start": 0, "end": 5, "offsetMs": 180 }, ...]`, each word\'s offsets in the text as sent (trimmed) and when it is heard.',
  body: z.object(
    {
      /** Plain text, or the SSML `wrapForSpeech` made of it: the server builds the SSML itself either way. */
      text: z.string({ error: SPEECH_TEXT_REQUIRED }).trim().min(1, SPEECH_TEXT_REQUIRED).max(MAX_SPEECH_TEXT, SPEECH_TEXT_TOO_LONG),
      voiceId: z.enum(VOICE_IDS, { error: SPEECH_UNKNOWN_VOICE }),
      ssml: z.literal(true).optional(),
      speed: z
        .number({ error: SPEECH_BAD_SPEED })
        .min(SPEECH_SPEED_MIN, SPEECH_BAD_SPEED)
        .max(SPEECH_SPEED_MAX, SPEECH_BAD_SPEED)
        .default(1),
    },
    { error: SPEECH_TEXT_REQUIRED },
  ),
  response: AudioSchema,
  produces: ['audio/mpeg', 'audio/wav'],
  errors: {
    403: 'The free monthly allowance is used up.',
    502: 'The speech engine failed on this text.',
    503: `${SPEECH_UNAVAILABLE}: no engine can run here.`,
  },
});

export const speechRoutes = { synthesizeSpeech };
