import { IMPORT_MESSAGES as M, SERIES_TITLE_MAX } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { readEpub } from './epub';
import { splitIntoArticles, type ImportedText } from './parts';
import { decodeTextFile, paragraphsFromText, titleFromText } from './plain-text';
import { readWebPage } from './web-page';

/** What one import makes: a title (the series' when several articles), who wrote it, the articles. */
export interface Work {
  title: string;
  author: string;
  articles: ImportedText[];
}

const fileTitle = (filename: string) => filename.replace(/\.[^.]+$/, '').replace(/[_]+/g, ' ').trim() || 'Imported text';

function fromText(title: string | undefined, text: string): Work {
  const paragraphs = paragraphsFromText(text);
  if (!paragraphs.length) throw new Refused(400, M.noText);
  const name = title || titleFromText(paragraphs, SERIES_TITLE_MAX);
  return { title: name, author: '', articles: splitIntoArticles(name, paragraphs) };
}

/**
 * The library's imports as jobs of the untrusted pool (runtime/untrusted-worker.ts): each reads what a
 * learner brought into articles, on a worker thread with a time, memory and output budget.
 */
export const libraryImportJobs = {
  'library.import.text': ({ name, text }: { name: string; text: string }): Work => fromText(name, text),
  'library.import.text-file': ({ filename, bytes }: { filename: string; bytes: Uint8Array }): Work => fromText(fileTitle(filename), decodeTextFile(bytes)),
  'library.import.epub': ({ filename, bytes }: { filename: string; bytes: Uint8Array }): Work => {
    const book = readEpub(bytes, fileTitle(filename));
    return { title: book.title, author: book.author, articles: book.chapters.flatMap((chapter) => splitIntoArticles(chapter.title, chapter.paragraphs)) };
  },
  'library.import.web-page': ({ body, url, contentType }: { body: string; url: string; contentType: string }): Work => {
    const page = readWebPage(body, url, contentType);
    return { title: page.title, author: page.byline, articles: splitIntoArticles(page.title, page.paragraphs) };
  },
};
