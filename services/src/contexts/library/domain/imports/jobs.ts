import { IMPORT_MESSAGES as M, SERIES_TITLE_MAX, type LearningLanguage } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { readEpub } from './epub';
import { checkLanguage } from './language';
import { splitIntoArticles, type ImportedText } from './parts';
import { readPdf } from './pdf';
import { decodeTextFile, hasBlankLines, paragraphsFromText, titleFromText } from './plain-text';
import { readSubtitles } from './subtitles';
import { fileTitle, leadingTitle } from './title';
import { readWebPage } from './web-page';

/** What one import makes: a title (the series' when several articles), who wrote it, the articles. */
export interface Work {
  title: string;
  author: string;
  articles: ImportedText[];
}

/**
 * A text's articles and title: the title given, else the text's first line when it looks like a title
 * (then it is not repeated in the text), else `fallback` (a file's name), else the first line, kept.
 */
function fromText(given: string | undefined, text: string, fallback?: string): Work {
  const all = paragraphsFromText(text);
  if (!all.length) throw new Refused(400, M.noText);
  const { title, paragraphs } = given ? { title: given, paragraphs: all } : leadingTitle(all, hasBlankLines(text));
  const name = title || fallback || titleFromText(paragraphs, SERIES_TITLE_MAX);
  return { title: name, author: '', articles: splitIntoArticles(name, paragraphs) };
}

/** A subtitle file's bytes as text: UTF-8 (a byte order mark allowed) or UTF-16 with its byte order mark, nothing else. */
function decodeSubtitles(bytes: Uint8Array): string {
  try {
    return decodeTextFile(bytes);
  } catch (error) {
    // Latin-1 bytes, or UTF-16 without its mark (every other byte NUL): a clear word about the encoding.
    if (error instanceof Refused && error.message === M.notText) throw new Refused(400, M.subtitlesNotUtf8);
    throw error;
  }
}

/** A file and the language the learner chose for it (formats whose language is checked). */
interface FileInLanguage {
  filename: string;
  bytes: Uint8Array;
  languageCode: LearningLanguage;
}

/**
 * The library's imports as jobs of the untrusted pool (runtime/untrusted-worker.ts): each reads what a
 * learner brought into articles, on a worker thread with a time, memory and output budget.
 */
export const libraryImportJobs = {
  'library.import.text': ({ name, text }: { name: string; text: string }): Work => fromText(name, text),
  'library.import.text-file': ({ filename, bytes }: { filename: string; bytes: Uint8Array }): Work =>
    fromText(undefined, decodeTextFile(bytes), fileTitle(filename)),
  'library.import.epub': ({ filename, bytes }: { filename: string; bytes: Uint8Array }): Work => {
    const book = readEpub(bytes, fileTitle(filename));
    return {
      title: book.title,
      author: book.author,
      articles: book.chapters.flatMap((chapter) => splitIntoArticles(chapter.title, chapter.paragraphs)),
    };
  },
  /** Subtitles: one line (paragraph) a cue, each article keeping its lines' timings. */
  'library.import.subtitles': ({ filename, bytes, languageCode }: FileInLanguage): Work => {
    const { lines, cues } = readSubtitles(decodeSubtitles(bytes));
    checkLanguage(lines, languageCode);
    const title = fileTitle(filename) || titleFromText(lines, SERIES_TITLE_MAX);
    return { title, author: '', articles: splitIntoArticles(title, lines, undefined, cues) };
  },
  'library.import.pdf': async ({ filename, bytes, languageCode }: FileInLanguage): Promise<Work> => {
    const paragraphs = await readPdf(bytes);
    checkLanguage(paragraphs, languageCode);
    const { title, paragraphs: text } = leadingTitle(paragraphs, true);
    const name = title || fileTitle(filename) || titleFromText(text, SERIES_TITLE_MAX);
    return { title: name, author: '', articles: splitIntoArticles(name, text) };
  },
  'library.import.web-page': ({ body, url, contentType }: { body: string; url: string; contentType: string }): Work => {
    const page = readWebPage(body, url, contentType);
    return { title: page.title, author: page.byline, articles: splitIntoArticles(page.title, page.paragraphs) };
  },
};
