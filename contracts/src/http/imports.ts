import { z } from 'zod';
import { ArticleCategorySchema } from '../domain/categories';
import { LANGUAGE_NAMES, LearningLanguageSchema, type LearningLanguage } from '../domain/languages';
import { LevelSchema } from '../domain/levels';
import { MESSAGES } from '../domain/messages';
import { ARTICLE_CONTENT_MAX, ARTICLE_NAME_MAX, FREE_PRIVATE_ARTICLE_LIMIT, LIBRARY_MESSAGES } from './library';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

/**
 * Bringing your own texts: pasted text, a .txt, .epub, subtitle (.srt, .vtt) or PDF file, or a web page, each
 * into private articles (a long text or a book's chapters become a private series). The usual limits hold: each article at most
 * ARTICLE_CONTENT_MAX letters (longer texts are cut into parts at paragraph ends) and the free private quota.
 */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A web page's HTML is read up to this many bytes. */
export const IMPORT_PAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_PAGE_TIMEOUT_MS = 15_000;
/** Articles one import may create (a book's chapters, or the parts of a long text). */
export const IMPORT_ARTICLES_MAX = 200;
/** Pasted text: within the JSON body limit (1 MB) even for Cyrillic, two bytes a letter. */
export const IMPORT_TEXT_MAX = 400_000;
export const IMPORT_FILE_TYPES = ['.txt', '.epub', '.srt', '.vtt', '.pdf'] as const;
/** Pages of a PDF read at most (a longer document is refused whole: each page costs reading time). */
export const IMPORT_PDF_PAGES_MAX = 500;
/** Bytes a PDF's compressed streams may unpack to, together (counted before pdf.js reads them). */
export const IMPORT_PDF_UNPACKED_MAX = 64 * 1024 * 1024;
/** Words a subtitle file or PDF needs before its language is judged (fewer say too little to tell). */
export const IMPORT_LANGUAGE_WORDS_MIN = 12;
/** A book's files, and the bytes they unpack to, read at most (counted as they unpack, whatever the zip says). */
export const IMPORT_BOOK_FILES_MAX = 5000;
export const IMPORT_BOOK_UNZIPPED_MAX = 64 * 1024 * 1024;
/** Seconds a file or page may take to read before the import stops with nothing written. */
export const IMPORT_READ_SECONDS_MAX = 10;
/** Elements open at once in a page or a book's chapter (real ones nest a few dozen deep). */
export const IMPORT_NESTING_MAX = 512;
/** Elements a web page may have (an article page has a few thousand; reading grows faster than their count). */
export const IMPORT_PAGE_ELEMENTS_MAX = 50_000;

export const IMPORT_MESSAGES = {
  fileRequired: MESSAGES.form.fileRequired,
  emptyFile: 'The file is empty.',
  fileTooLarge: `The file is too large: at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB can be imported.`,
  unsupportedFile: 'Only .txt, .epub, .srt, .vtt and .pdf files can be imported.',
  notText: 'This file is not a plain text file. Save it as UTF-8 text (.txt) and try again.',
  notEpub: 'This file is not an EPUB book: it has no EPUB package inside.',
  noText: 'No text to read was found in it.',
  subtitlesNotUtf8: 'This subtitle file is not UTF-8 text. Save it as UTF-8 (.srt or .vtt) and try again.',
  notSubtitles: 'This file is not a subtitle file: no cue with a start and an end time (00:00:01,000 --> 00:00:02,000) was found in it.',
  subtitleTimingBroken: 'This subtitle file cannot be imported: a cue ends before it starts or has a time that cannot be read.',
  subtitlesTooSlow: `This subtitle file took more than ${IMPORT_READ_SECONDS_MAX} seconds to read, so nothing was imported.`,
  notPdf: 'This file is not a PDF document, or it is damaged.',
  pdfEncrypted: 'This PDF is protected with a password. Save it without the protection and try again.',
  pdfNoText:
    'This PDF has no text to read, only images (a scan, for example). Verba reads the text of a PDF; it does not recognize text in images.',
  pdfTooManyPages: `This PDF is too long to import: it has more than ${IMPORT_PDF_PAGES_MAX} pages.`,
  pdfTooLarge: `This PDF is too large to import: its contents unpack to more than ${IMPORT_PDF_UNPACKED_MAX / 1024 / 1024} MB.`,
  pdfTooSlow: `This PDF took more than ${IMPORT_READ_SECONDS_MAX} seconds to read, so nothing was imported. Try a shorter document.`,
  pdfNeedsTooMuch: 'This PDF is too large to import: reading it needs more memory than an import may use.',
  /** The text of a subtitle file or PDF is not in the language chosen for it. */
  wrongLanguage: Object.fromEntries(
    Object.entries(LANGUAGE_NAMES).map(([code, name]) => [code, `This text does not look like ${name}.`]),
  ) as Readonly<Record<LearningLanguage, string>>,
  textTooLong: `Maximum ${IMPORT_TEXT_MAX} letters are allowed`,
  tooManyArticles: `At most ${IMPORT_ARTICLES_MAX} articles can be made from one import.`,
  bookTooLarge: `This book is too large to import: it unpacks to more than ${IMPORT_BOOK_UNZIPPED_MAX / 1024 / 1024} MB.`,
  bookTooManyFiles: `This book is too large to import: it holds more than ${IMPORT_BOOK_FILES_MAX.toLocaleString('en')} files.`,
  bookNeedsTooMuch: 'This book is too large to import: reading it needs more memory than an import may use.',
  bookTooSlow: `This book took more than ${IMPORT_READ_SECONDS_MAX} seconds to read, so nothing was imported. Try a smaller book.`,
  tooDeep: `This file cannot be imported: its markup is nested more than ${IMPORT_NESTING_MAX} levels deep.`,
  fileTooSlow: `This file took more than ${IMPORT_READ_SECONDS_MAX} seconds to read, so nothing was imported. Try a smaller file.`,
  fileNeedsTooMuch: 'This file is too large to import: reading it needs more memory than an import may use.',
  pageTooSlow: `This page took more than ${IMPORT_READ_SECONDS_MAX} seconds to read, so nothing was imported.`,
  pageNeedsTooMuch: 'This page is too large to import: reading it needs more memory than an import may use.',
  pageTooManyElements: `This page is too large to import: it has more than ${IMPORT_PAGE_ELEMENTS_MAX.toLocaleString('en')} elements.`,
  pageUnreadable: 'This page could not be read as a web page.',
  urlInvalid: 'Enter a web address that starts with https:// or http://',
  urlPrivate: 'This address cannot be imported: it points to a private or local network.',
  urlUnreachable: 'The page could not be loaded. Check the address and try again.',
  urlTimeout: 'The page took too long to answer.',
  pageTooLarge: `The page is too large to import (at most ${IMPORT_PAGE_MAX_BYTES / 1024 / 1024} MB).`,
  notWebPage: 'This address is not a web page.',
  noArticle: 'No article text was found on this page.',
  importNotFound: 'No import with this id is running.',
} as const;

/** A free user's quota refusal for an import that would make `count` articles with `room` slots left. */
export const importQuotaMessage = (count: number, room: number): string =>
  count <= 1
    ? LIBRARY_MESSAGES.privateLimit
    : `This import makes ${count} articles, but your free account has room for ${room} more private ${room === 1 ? 'article' : 'articles'} (up to ${FREE_PRIVATE_ARTICLE_LIMIT}). Upgrade to Master for more.`;

const M = IMPORT_MESSAGES;

/** Where the imported articles go; what a learner chooses besides the text itself. */
export const ImportSettingsSchema = z.object({
  languageCode: LearningLanguageSchema,
  category: ArticleCategorySchema.default('Other'),
  /** Left out: the learner's level in the language (B1 when they have none). */
  generalDifficulty: LevelSchema.optional(),
});
export type ImportSettings = z.output<typeof ImportSettingsSchema>;

export const ImportResultSchema = z.object({
  /** The articles made, in reading order. */
  articles: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** The private series holding them when there are several (a book's chapters, a long text's parts). */
  series: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  position: PositionSchema.optional(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

const commandId = { commandId: CommandIdSchema.optional() };
const quota = `403: a free account has not enough private articles left (the message says how many); `;

export const importText = defineRoute({
  method: 'POST',
  path: '/api/articles/import/text',
  access: 'user',
  summary: 'Import pasted text as a private article (a long text becomes a private series of parts)',
  description: 'The name defaults to the first line of the text.',
  status: 201,
  body: ImportSettingsSchema.extend({
    name: z.string().trim().max(ARTICLE_NAME_MAX, LIBRARY_MESSAGES.nameTooLong).default(''),
    text: z.string({ message: LIBRARY_MESSAGES.required }).trim().min(1, LIBRARY_MESSAGES.required).max(IMPORT_TEXT_MAX, M.textTooLong),
    ...commandId,
  }),
  response: ImportResultSchema,
  errors: {
    403: `${quota}.`,
    413: 'Reading the text needs more memory than an import may use.',
    422: `Reading took more than ${IMPORT_READ_SECONDS_MAX} s, or its markup nests more than ${IMPORT_NESTING_MAX} deep (read on a worker thread with a time, memory and output budget; nothing is written)`,
    503: 'Too many files are being read right now; try again in a minute.',
  },
});

export const importUrl = defineRoute({
  method: 'POST',
  path: '/api/articles/import/url',
  access: 'user',
  summary: "Import a web page's main text (found with Readability) as a private article",
  description: `Only http and https addresses on the public internet; the page is read for at most ${IMPORT_PAGE_TIMEOUT_MS / 1000} s and ${IMPORT_PAGE_MAX_BYTES / 1024 / 1024} MB.`,
  status: 201,
  body: ImportSettingsSchema.extend({
    url: z
      .string({ message: M.urlInvalid })
      .trim()
      .max(2000, M.urlInvalid)
      .regex(/^https?:\/\/\S+$/i, M.urlInvalid),
    ...commandId,
  }),
  response: ImportResultSchema,
  errors: {
    400: 'The address is not http(s), points to a private or local network, or is not a web page with article text.',
    403: `${quota}.`,
    413: `The page is larger than the import limit, has more than ${IMPORT_PAGE_ELEMENTS_MAX} elements, or needs more memory to read than an import may use.`,
    422: `The page could not be loaded (no such host, an error answer) or took too long; or reading it took more than ${IMPORT_READ_SECONDS_MAX} s, or its markup nests more than ${IMPORT_NESTING_MAX} deep.`,
    503: 'Too many files are being read right now; try again in a minute.',
  },
});

/** The form fields sent with a file; `commandId` also names the import for the progress route. */
export const ImportFileFieldsSchema = ImportSettingsSchema.extend(commandId);

export const importFile = defineRoute({
  method: 'POST',
  path: '/api/articles/import/file',
  access: 'user',
  summary: 'Import a .txt file, an EPUB book (its chapters become a private series), subtitles (.srt, .vtt) or a PDF as private articles',
  description: `multipart/form-data: the fields languageCode, category, generalDifficulty, commandId, then one file part; at most ${IMPORT_FILE_MAX_BYTES} bytes, refused as soon as more arrive. Subtitles: each cue becomes one line (paragraph) of the text, its styling tags dropped and the repeated lines of roll-up captions merged, cues sorted by start; the article keeps each line's start and end (cues of GET /api/articles/:id). PDF: the text layer in paragraphs, without the headers and footers repeated on its pages, words hyphenated at line ends joined (no OCR). The text of subtitles and PDFs must be in the language chosen.`,
  status: 201,
  consumes: ['multipart/form-data'],
  body: ImportFileFieldsSchema.extend({ file: z.file().max(IMPORT_FILE_MAX_BYTES) }),
  response: ImportResultSchema,
  errors: {
    400: 'No file, an empty file, a type other than .txt, .epub, .srt, .vtt or .pdf, a file that is not what its name says (not UTF-8 text, not an EPUB, subtitles not in UTF-8 or without timed cues, a cue ending before it starts, a damaged or password-protected PDF), no text in it (a PDF of scanned images has none), text not in the language chosen, or more articles than one import makes.',
    403: `${quota}.`,
    413: `The file is larger than the import limit; a book holds more than ${IMPORT_BOOK_FILES_MAX} files or unpacks to more than ${IMPORT_BOOK_UNZIPPED_MAX / 1024 / 1024} MB (counted as it unpacks, whatever the zip declares); a PDF has more than ${IMPORT_PDF_PAGES_MAX} pages or its compressed streams unpack to more than ${IMPORT_PDF_UNPACKED_MAX / 1024 / 1024} MB; or reading it needs more memory than an import may use.`,
    422: `Reading took more than ${IMPORT_READ_SECONDS_MAX} s, or its markup nests more than ${IMPORT_NESTING_MAX} deep (read on a worker thread with a time, memory and output budget; nothing is written)`,
    503: 'Too many files are being read right now; try again in a minute.',
  },
});

export const ImportProgressSchema = z.object({
  stage: z.enum(['reading', 'creating', 'done', 'failed']),
  /** Articles made so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof ImportProgressSchema>;

export const importProgress = defineRoute({
  method: 'GET',
  path: '/api/articles/import/progress',
  access: 'user',
  summary: "How far one of the caller's imports is (polled while it runs)",
  query: z.object({ importId: z.uuid({ message: M.importNotFound }) }),
  response: ImportProgressSchema,
  errors: { 404: 'No import of the caller with this id ran in the last minutes.' },
});

export const importRoutes = { importText, importUrl, importFile, importProgress };

/** Letters per imported article: the article limit. */
export const IMPORT_PART_MAX = ARTICLE_CONTENT_MAX;
