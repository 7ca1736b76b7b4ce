import { z } from 'zod';
import { LIBRARY_MESSAGES } from './library';
import { AttachedAudioSchema } from './admin-audio';
import { PositionSchema, defineRoute } from './route';

/**
 * The learner's own audio (issue 40.2): a recording attached to their own private article (pasted, a
 * file, a subtitle import). The sentences are timed by the subtitles' cues when the article has them,
 * else by forced alignment of the recording to the article's text (splitSentences), off the request
 * thread with a time budget. The audio is then read as admin audio is: GET /api/audio/article/:id.
 */

/** 100 MiB: about 100 minutes of mp3 at 128 kbit/s, 10 minutes of CD-quality wav. */
export const LEARNER_AUDIO_MAX_BYTES = 104_857_600;
/** An hour of audio at most: decoding and aligning a longer one would outlast the job's budget. */
export const LEARNER_AUDIO_SECONDS_MAX = 3600;
export const LEARNER_AUDIO_FORMATS = ['mp3', 'ogg', 'wav'] as const;

export const LEARNER_AUDIO_MESSAGES = {
  fileRequired: 'Attach one audio file: mp3, ogg or wav.',
  tooLarge: 'The audio file must be at most 100 MB.',
  notAudio: 'This file is not audio that can be read. Attach an mp3, ogg or wav file.',
  m4a: 'M4A (AAC) audio cannot be read yet. Save the recording as mp3, ogg or wav and attach it again.',
  unreadable: 'The length of this audio file could not be read. Save it again as mp3, ogg or wav and attach it again.',
  tooLong: 'This audio is longer than an hour. Attach a shorter recording.',
  notYours: 'Audio can be attached only to your own private articles.',
  noText: 'The text has no sentences to align the audio to.',
  noSpeech: 'No speech was heard in this audio, so it could not be aligned to the text.',
  tooSlow: 'Aligning this audio to the text took too long. Attach a shorter recording.',
} as const;

export const attachArticleAudio = defineRoute({
  method: 'POST',
  path: '/api/audio/article/:articleId',
  access: 'user',
  summary: 'Attach your own recording to your own private article; its sentences are timed by the subtitles’ cues or by forced alignment',
  description:
    'A form with exactly one file part: an mp3, Ogg Vorbis or wav file (told by its bytes, not its name), up to 100 MB and an hour. ' +
    'An article imported from subtitles (.srt, .vtt) times each sentence by its line’s cue (`source: "cues"`, a line of several ' +
    'sentences shared by their lengths); any other is aligned to the recording (`source: "aligned"`): the text is spoken by the ' +
    'speech engine in the article’s language and the recording is warped onto it, sentence i of splitSentences(text) getting ' +
    'timing i. Alignment runs on a worker thread with a 3-minute budget; 10 minutes of speech take about 16 s. Attaching again ' +
    'replaces the audio. Any refusal appends nothing and stores nothing. The player reads it with GET /api/audio/article/:id.',
  consumes: ['multipart/form-data'],
  params: z.object({ articleId: z.uuid({ message: LIBRARY_MESSAGES.articleNotFound }) }),
  body: z.object({
    file: z.file().mime(['audio/mpeg', 'audio/ogg', 'audio/wav']).max(LEARNER_AUDIO_MAX_BYTES),
  }),
  response: z.object({ audio: AttachedAudioSchema, position: PositionSchema.optional() }),
  status: 201,
  errors: {
    400: `No file or two files ("${LEARNER_AUDIO_MESSAGES.fileRequired}"); an article without a sentence ("${LEARNER_AUDIO_MESSAGES.noText}"); a file whose length cannot be read ("${LEARNER_AUDIO_MESSAGES.unreadable}")`,
    403: `Another learner's public article, or a public article of the caller's own ("${LEARNER_AUDIO_MESSAGES.notYours}"); admins may attach to any article`,
    404: `${LIBRARY_MESSAGES.articleNotFound} (also another learner's private article)`,
    413: `A file over 100 MB ("${LEARNER_AUDIO_MESSAGES.tooLarge}") or longer than an hour ("${LEARNER_AUDIO_MESSAGES.tooLong}")`,
    415: `Not mp3, Ogg Vorbis or wav by its bytes ("${LEARNER_AUDIO_MESSAGES.notAudio}"); m4a/AAC ("${LEARNER_AUDIO_MESSAGES.m4a}")`,
    422: `Silence: nothing to align ("${LEARNER_AUDIO_MESSAGES.noSpeech}"); the alignment outlasted its budget ("${LEARNER_AUDIO_MESSAGES.tooSlow}")`,
    503: 'Too many files are being read right now; try again in a minute.',
  },
});

export const learnerAudioRoutes = { attachArticleAudio };
