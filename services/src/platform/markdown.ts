import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, async: false });

/**
 * Markdown (blog posts, forum posts) to HTML safe to put in a page: whatever the author wrote, only
 * formatting tags survive; no scripts, handlers, styles or frames; links only
 * to http(s)/mailto or this site, and they open without giving the target a window reference.
 */
export function renderMarkdown(markdown: string, { images = true }: { images?: boolean } = {}): string {
  const html = marked.parse(markdown) as string;
  const tags = [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ];
  return sanitizeHtml(html, {
    // Learners' posts carry no images: the page policy would refuse other hosts', and a path could make readers' browsers call this site.
    allowedTags: images ? [...tags, 'img'] : tags,
    allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
      // An image without a description is announced as "image" at best: say it has none.
      img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
    },
  });
}

/** Minutes to read at 200 words a minute (a common figure for adult readers), at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  return Math.max(1, Math.round(words / 200));
}
