import { IMPORT_MESSAGES as M, SERIES_TITLE_MAX } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { readEpub } from './epub';
import { splitIntoArticles, type ImportedText } from './parts';
import { decodeTextFile, hasBlankLines, paragraphsFromText, titleFromText } from './plain-text';
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
  'library.import.web-page': ({ body, url, contentType }: { body: string; url: string; contentType: string }): Work => {
    const page = readWebPage(body, url, contentType);
    return { title: page.title, author: page.byline, articles: splitIntoArticles(page.title, page.paragraphs) };
  },
};
