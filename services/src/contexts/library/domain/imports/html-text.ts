import { Parser } from 'htmlparser2';
import { IMPORT_MESSAGES as M, IMPORT_NESTING_MAX } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';

/**
 * Text of an HTML or XHTML document as paragraphs, for imported books and web pages. The markup is read
 * as a stream of tags (htmlparser2), never built into a tree: time is linear in the input and no
 * recursion follows the nesting, so a hostile document nested thousands deep is refused, not a stall.
 * Only text is kept: nothing of the page (scripts, handlers, links) survives into an article; the
 * article's own cleaning runs on the result as on any text an author writes.
 */

const HTML_DEPTH_MAX = IMPORT_NESTING_MAX;

/** Elements whose content is never text to read. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'title',
  'svg',
  'math',
  'iframe',
  'object',
  'button',
  'select',
  'textarea',
  'nav',
  'aside',
  'figure',
  'rt',
  'rp',
]);
/** Elements that end a paragraph. */
const BLOCKS = new Set([
  'address',
  'article',
  'blockquote',
  'body',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
]);
const HEADINGS = ['h1', 'h2', 'h3', 'title'] as const;

const PARAGRAPH = '\u0000';

/** What a document reads as: its paragraphs, its first heading, and the links of each `nav`. */
export interface HtmlText {
  paragraphs: string[];
  /** The first h1, else h2, else h3, else the title: a chapter's title when no table of contents names it. */
  heading: string | undefined;
  navs: { toc: boolean; links: { href: string; label: string }[] }[];
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Streams the document once; throws a refusal past HTML_DEPTH_MAX open elements. */
export function readHtml(html: string, tooDeep: string = M.tooDeep): HtmlText {
  const out: string[] = [];
  const headings = new Map<string, string>();
  const navs: HtmlText['navs'] = [];
  let depth = 0;
  let skipped = 0;
  let heading: { name: string; text: string } | undefined;
  let nav: HtmlText['navs'][number] | undefined;
  let navDepth = 0;
  let link: { href: string; label: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (++depth > HTML_DEPTH_MAX) throw new Refused(422, tooDeep);
        if (name === 'nav') {
          if (!nav) navs.push((nav = { toc: (attributes['epub:type'] ?? '').split(/\s+/).includes('toc'), links: [] }));
          navDepth++;
        }
        if (nav && name === 'a' && attributes['href'] !== undefined) link = { href: attributes['href'], label: '' };
        if ((HEADINGS as readonly string[]).includes(name) && !headings.has(name) && !heading) heading = { name, text: '' };
        if (SKIPPED.has(name)) skipped++;
        else if (!skipped && name === 'br') out.push('\n');
        else if (!skipped && BLOCKS.has(name)) out.push(PARAGRAPH);
      },
      ontext(text) {
        if (heading) heading.text += text;
        if (link) link.label += text;
        if (!skipped) out.push(text);
      },
      onclosetag(name) {
        depth--;
        if (heading?.name === name) {
          const text = squeeze(heading.text);
          if (text) headings.set(name, text);
          heading = undefined;
        }
        if (link && name === 'a') {
          const label = squeeze(link.label);
          if (label) nav!.links.push({ href: link.href, label });
          link = undefined;
        }
        if (nav && name === 'nav' && --navDepth === 0) nav = undefined;
        if (SKIPPED.has(name)) skipped--;
        else if (!skipped && BLOCKS.has(name)) out.push(PARAGRAPH);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.end(html);
  return { paragraphs: paragraphs(out.join('')), heading: HEADINGS.map((h) => headings.get(h)).find(Boolean), navs };
}

/** Splits collected text into paragraphs: spaces collapsed, line breaks inside a paragraph kept as one. */
function paragraphs(text: string): string[] {
  return text
    .split(PARAGRAPH)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter((p) => /\p{L}/u.test(p));
}

/** The readable text of an HTML document (or fragment), one entry a paragraph. */
export const paragraphsFromHtml = (html: string, tooDeep?: string): string[] => readHtml(html, tooDeep).paragraphs;

/**
 * How deep a document nests and how many elements it has, streamed without a tree: checked before a page
 * is built into a DOM, whose walks (Readability's) grow with both.
 */
export function checkShape(html: string, limits: { elementsMax: number; tooDeep: string; tooMany: string }): void {
  let depth = 0;
  let elements = 0;
  const parser = new Parser(
    {
      onopentag() {
        if (++depth > HTML_DEPTH_MAX) throw new Refused(422, limits.tooDeep);
        if (++elements > limits.elementsMax) throw new Refused(413, limits.tooMany);
      },
      onclosetag() {
        depth--;
      },
    },
    { recognizeSelfClosing: true },
  );
  parser.end(html);
}
