import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { Readable } from '../../platform/readable';
import {
  AUDIO_MAX_BYTES,
  AUDIO_MESSAGES,
  AUDIO_TEXT_MAX,
  MESSAGES,
  LEARNER_AUDIO_MAX_BYTES,
  LEARNER_AUDIO_MESSAGES as L,
  LEARNER_AUDIO_SECONDS_MAX,
  LIBRARY_MESSAGES,
  SPEECH_WORDS_HEADER,
  adminAudioRoutes as a,
  learnerAudioRoutes as la,
  splitSentences,
  speechRoutes as r,
  translationLimit,
  type AudioTarget,
  type SentenceTiming,
} from '@verba/contracts';
import { formatPosition, type Position } from '../../platform/event-store/port';
import { useMultipart } from '../../platform/http/multipart';
import { byteRange } from '../../platform/http/byte-range';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type AuthUser, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import type { MediaStorage } from '../../platform/storage/port';
import type { UntrustedWork } from '../../platform/untrusted/pool';
import type { AudioCommands, SpeechCommands } from './commands';
import type { AudioQueries, SpeechQueries } from './queries';
import { AUDIO_EXTENSIONS, type AudioType } from './domain/audio-files';
import { audioProjection } from './projections/audio';
import { readerText, timingsFromCues } from './domain/article-text';
import { isMpeg4 } from './domain/alignment/decoders';
import { ALIGNMENT_JOB_BUDGET, timedSentences, type AlignJobInput, type AlignJobOutput } from './domain/alignment/jobs';

export function speechRoutes(app: App, host: RouteHost, commands: SpeechCommands, queries: SpeechQueries): void {
  registerRoute(app, host, r.synthesizeSpeech, async ({ user, body, reply }) => {
    const { audio, contentType, words } = await commands.speak(user.id, body);
    reply.header('content-type', contentType).header('cache-control', 'private, max-age=86400');
    if (words?.length) reply.header(SPEECH_WORDS_HEADER, JSON.stringify(words));
    return Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength);
  });

  // Listed with the translation routes in the spec, but the counter it reports is this context's.
  registerRoute(app, host, translationLimit, async ({ user }) => queries.allowance(user.id));
}

const TEXT_FIELD_MAX_BYTES = 4 * AUDIO_TEXT_MAX; // UTF-8: at most four bytes a character

type Part = MultipartFile | { type: 'field'; fieldname: string; value: unknown };

/** What an upload form's refusals say: the file over its limit, and a second file. */
interface FormMessages {
  tooLarge: string;
  oneFile: string;
}

/** An uploaded file's bytes in memory shared with the untrusted pool's threads, and their SHA-256. */
interface Upload {
  bytes: Buffer;
  sha256: string;
}

/**
 * The file part read chunk by chunk into a SharedArrayBuffer as large as the limit (or the request, when
 * smaller), hashed as it comes: no step copies the whole file on this thread (copying 100 MB here took
 * 300 ms on the CI machine), and the pool's jobs read the same memory without a copy either.
 */
async function readShared(part: MultipartFile, capacity: number, tooLarge: string): Promise<Upload> {
  const shared = Buffer.from(new SharedArrayBuffer(capacity));
  const hash = createHash('sha256');
  let length = 0;
  let over = false;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    // Past the limit the rest is drained, not kept (busboy cuts the file at the limit and marks it truncated).
    if (over || part.file.truncated || length + chunk.length > capacity) {
      over = true;
      continue;
    }
    shared.set(chunk, length);
    hash.update(chunk);
    length += chunk.length;
  }
  if (over || part.file.truncated) throw new HttpError(413, tooLarge);
  return { bytes: shared.subarray(0, length), sha256: hash.digest('hex') };
}

/** The upload form: exactly one file (refused as soon as it passes the limit) and the `text` field. */
async function readAudioForm(
  parts: AsyncIterableIterator<Part>,
  capacity: number,
  say: FormMessages = { tooLarge: AUDIO_MESSAGES.tooLarge, oneFile: MESSAGES.form.fileRequired },
): Promise<{ text?: string; file?: Upload }> {
  let text: string | undefined;
  let file: Upload | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'text' && typeof part.value === 'string') text = part.value;
      continue;
    }
    if (file) throw new HttpError(400, say.oneFile);
    file = await readShared(part as MultipartFile, capacity, say.tooLarge);
  }
  return { ...(text !== undefined ? { text } : {}), ...(file ? { file } : {}) };
}

/** Room for the file: the limit, or less when the request says it is smaller. */
const capacityFor = (request: { headers: Record<string, string | string[] | undefined> }, limit: number) => {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 ? Math.min(limit, declared) : limit;
};

export interface AudioRouteDeps {
  commands: AudioCommands;
  queries: AudioQueries;
  storage: MediaStorage;
  /** The chapter's or article's own access rule (its owner's 404/403), so its audio is no easier to reach. */
  readable: Readable;
  /** Reads an upload's type and length off the request thread. */
  untrusted: UntrustedWork;
}

/**
 * An admin's upload aligned to its text in the chapter's or article's language, as a learner's is; undefined
 * (the sentence-length estimate, source 'upload') when the target is unknown or the aligner refuses the
 * recording (silence, music, Ogg Opus, over its budget): an admin's upload is never refused for its timings.
 */
async function alignOrEstimate(
  d: AudioRouteDeps,
  user: AuthUser,
  target: { targetKind: AudioTarget; targetId: string },
  text: string,
  bytes: Buffer,
): Promise<SentenceTiming[] | undefined> {
  const sentences = splitSentences(text);
  const found = await d.readable.check(target.targetKind, user, target.targetId).catch(() => undefined);
  if (!found || !sentences.length) return undefined;
  try {
    const input: AlignJobInput = { audio: { bytes }, sentences, language: found.language };
    return timedSentences(await d.untrusted.run<AlignJobOutput>('speech.align', input, {}, ALIGNMENT_JOB_BUDGET));
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 429) return undefined;
    throw error;
  }
}

/** The admin's audio manager, the learner's own audio and the learner's player (see commands.ts AudioCommands). */
export async function audioRoutes(app: App, host: RouteHost, d: AudioRouteDeps): Promise<void> {
  await useMultipart(app);
  const position = (r: { position?: Position }) => (r.position ? { position: formatPosition(r.position) } : {});

  registerRoute(
    app,
    host,
    a.adminGetAudio,
    // The audio manager's read, cached until the audio read model commits again.
    async ({ params, cached }) => ({ audio: await cached(() => d.queries.of(params.targetKind, params.targetId)) }),
    { reads: [audioProjection], cached: 'admin' },
  );

  registerRoute(app, host, a.adminGenerateAudio, async ({ user, params, body }) => {
    const { audio, ...rest } = await d.commands.generate(params, body.text, body.voiceId, user.id, body.commandId);
    return { audio, ...position(rest) };
  });

  registerRoute(app, host, a.adminUploadAudio, async ({ user, params, request }) => {
    if (!request.isMultipart()) throw new HttpError(400, MESSAGES.form.fileRequired);
    const form = await readAudioForm(
      request.parts({ limits: { fileSize: AUDIO_MAX_BYTES, files: 2, fields: 3, fieldSize: TEXT_FIELD_MAX_BYTES } }) as never,
      capacityFor(request, AUDIO_MAX_BYTES),
    );
    const upload = form.file;
    if (!upload?.bytes.length) throw new HttpError(400, MESSAGES.form.fileRequired);
    const text = form.text?.trim() ?? '';
    if (!text) throw new HttpError(400, AUDIO_MESSAGES.textRequired);
    const { contentType, durationSeconds } = await d.untrusted.run<{ contentType?: AudioType; durationSeconds?: number }>(
      'speech.audio-file',
      { bytes: upload.bytes },
      { tooSlow: AUDIO_MESSAGES.unreadable, unreadable: AUDIO_MESSAGES.unreadable, tooLarge: AUDIO_MESSAGES.tooLarge },
    );
    if (!contentType) throw new HttpError(400, AUDIO_MESSAGES.wrongType);
    if (durationSeconds === undefined) throw new HttpError(400, AUDIO_MESSAGES.unreadable);
    const file = { ...upload, contentType, durationSeconds };
    const spoken = text.slice(0, AUDIO_TEXT_MAX);
    const aligned = await alignOrEstimate(d, user, params, spoken, upload.bytes);
    const { audio, ...rest } = aligned
      ? await d.commands.attachTimed(params, file, 'aligned', aligned, user.id)
      : await d.commands.upload(params, spoken, file, user.id);
    return { audio, ...position(rest) };
  });

  registerRoute(app, host, la.attachArticleAudio, async ({ user, params, request }) => {
    // The article's own rule first (another learner's private article is not there for the caller), before any byte is read.
    const target = await d.readable.check('article', user, params.articleId);
    const article = target.article;
    if (!article) throw new HttpError(404, LIBRARY_MESSAGES.articleNotFound);
    if (!article.isAuthor || !article.isPrivate) throw new HttpError(403, L.notYours);
    const text = readerText(article);
    const sentences = splitSentences(text);
    if (!sentences.length) throw new HttpError(400, L.noText);
    if (!request.isMultipart()) throw new HttpError(400, L.fileRequired);
    const form = await readAudioForm(
      request.parts({ limits: { fileSize: LEARNER_AUDIO_MAX_BYTES, files: 2, fields: 4, fieldSize: 1024 } }) as never,
      capacityFor(request, LEARNER_AUDIO_MAX_BYTES),
      { tooLarge: L.tooLarge, oneFile: L.fileRequired },
    );
    const upload = form.file;
    if (!upload?.bytes.length) throw new HttpError(400, L.fileRequired);
    const bytes = upload.bytes;
    if (isMpeg4(bytes)) throw new HttpError(415, L.m4a);
    // The jobs read the shared bytes where they are (readShared): nothing is copied on this thread.
    const { contentType, durationSeconds } = await d.untrusted.run<{ contentType?: AudioType; durationSeconds?: number }>(
      'speech.audio-file',
      { bytes },
      { tooSlow: L.unreadable, unreadable: L.unreadable, tooLarge: L.tooLarge },
    );
    if (!contentType) throw new HttpError(415, L.notAudio);
    if (durationSeconds === undefined) throw new HttpError(400, L.unreadable);
    if (durationSeconds > LEARNER_AUDIO_SECONDS_MAX) throw new HttpError(413, L.tooLong);
    const cued = article.cues ? timingsFromCues(text, article.cues) : undefined;
    const timed = cued
      ? { source: 'cues' as const, sentences: cued }
      : {
          source: 'aligned' as const,
          sentences: timedSentences(
            await d.untrusted.run<AlignJobOutput>(
              'speech.align',
              { audio: { bytes }, sentences, language: target.language } satisfies AlignJobInput,
              { tooSlow: L.tooSlow, tooLarge: L.tooLong, unreadable: L.notAudio },
              ALIGNMENT_JOB_BUDGET,
            ),
          ),
        };
    const { audio, ...rest } = await d.commands.attachTimed(
      { targetKind: 'article', targetId: params.articleId },
      { ...upload, contentType, durationSeconds },
      timed.source,
      timed.sentences,
      user.id,
    );
    return { audio, ...position(rest) };
  });

  registerRoute(app, host, a.adminRemoveAudio, async ({ user, params }) => ({
    ok: true as const,
    ...position(await d.commands.remove(params, user.id)),
  }));

  registerRoute(
    app,
    host,
    a.getAudio,
    async ({ user, params }) => {
      await d.readable.check(params.targetKind, user, params.targetId);
      return { audio: await d.queries.of(params.targetKind, params.targetId) };
    },
    // A learner's own attach answers a position: the player reads the recording at it.
    { reads: [audioProjection] },
  );

  registerRoute(app, host, a.getAudioFile, async ({ params, reply, request }) => {
    const bytes = await d.storage.get(params.file);
    if (!bytes) throw new HttpError(404, AUDIO_MESSAGES.targetNotFound);
    const extension = params.file.slice(65) as 'mp3' | 'wav' | 'ogg';
    const type = (Object.keys(AUDIO_EXTENSIONS) as AudioType[]).find((t) => AUDIO_EXTENSIONS[t] === extension)!;
    // The URL names the bytes, so they never change under it.
    reply.header('content-type', type).header('cache-control', 'public, max-age=31536000, immutable').header('accept-ranges', 'bytes');
    // A player seeks (a sentence clicked) by asking for a range from there on.
    const range = byteRange(request.headers.range, bytes.length);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${bytes.length}`);
      throw new HttpError(416, AUDIO_MESSAGES.rangeNotSatisfiable);
    }
    if (range === 'whole') return bytes;
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`);
    return bytes.subarray(range.start, range.end + 1);
  });
}
