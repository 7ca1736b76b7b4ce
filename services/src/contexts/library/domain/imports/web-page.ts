import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { IMPORT_MESSAGES as M, IMPORT_PAGE_ELEMENTS_MAX } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { checkShape, paragraphsFromHtml } from './html-text';
import { paragraphsFromText } from './plain-text';

export interface WebArticle {
  title: string;
  byline: string;
  paragraphs: string[];
}

/**
 * A page's main text, as Firefox's reader view finds it (Mozilla's Readability): navigation, ads and
 * comments left out. Scripts never run: the page is parsed, not rendered. Its nesting is checked by a
 * stream of tags before any tree is built, so Readability's recursive walks stay shallow.
 */
export function readWebPage(body: string, url: string, contentType: string): WebArticle {
  const fallbackTitle = new URL(url).hostname;
  if (/^text\/plain\b/i.test(contentType)) {
    const paragraphs = paragraphsFromText(body);
    if (!paragraphs.length) throw new Refused(400, M.noArticle);
    return { title: fallbackTitle, byline: '', paragraphs };
  }
  checkShape(body, { elementsMax: IMPORT_PAGE_ELEMENTS_MAX, tooDeep: M.tooDeep, tooMany: M.pageTooManyElements });
  const { document } = parseHTML(body);
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(document as never, { charThreshold: 200, maxElemsToParse: IMPORT_PAGE_ELEMENTS_MAX }).parse();
  } catch (error) {
    if (error instanceof Error && /Aborting parsing document/.test(error.message)) throw new Refused(413, M.pageTooManyElements);
    throw error;
  }
  const paragraphs = article?.content ? paragraphsFromHtml(article.content, M.tooDeep) : [];
  if (!paragraphs.length) throw new Refused(400, M.noArticle);
  const title = article?.title?.replace(/\s+/g, ' ').trim() || document.querySelector('title')?.textContent?.trim() || fallbackTitle;
  return { title, byline: article?.byline?.replace(/\s+/g, ' ').trim() ?? '', paragraphs };
}
