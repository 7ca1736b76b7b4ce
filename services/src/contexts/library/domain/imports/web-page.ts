import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { IMPORT_MESSAGES as M } from '@verba/contracts';
import { HttpError } from '../../../../platform/http/problem';
import { paragraphsFromHtml } from './html-text';
import { paragraphsFromText } from './plain-text';

export interface WebArticle {
  title: string;
  byline: string;
  paragraphs: string[];
}

/**
 * A page's main text, as Firefox's reader view finds it (Mozilla's Readability): navigation, ads and
 * comments left out. Scripts never run: the page is parsed, not rendered.
 */
export function readWebPage(body: string, url: string, contentType: string): WebArticle {
  const fallbackTitle = new URL(url).hostname;
  if (/^text\/plain\b/i.test(contentType)) {
    const paragraphs = paragraphsFromText(body);
    if (!paragraphs.length) throw new HttpError(400, M.noArticle);
    return { title: fallbackTitle, byline: '', paragraphs };
  }
  const { document } = parseHTML(body);
  const article = new Readability(document as never, { charThreshold: 200 }).parse();
  const paragraphs = article?.content ? paragraphsFromHtml(article.content) : [];
  if (!paragraphs.length) throw new HttpError(400, M.noArticle);
  const title = article?.title?.replace(/\s+/g, ' ').trim() || document.querySelector('title')?.textContent?.trim() || fallbackTitle;
  return { title, byline: article?.byline?.replace(/\s+/g, ' ').trim() ?? '', paragraphs };
}
