import { parseHTML } from 'linkedom';

/**
 * Text of an HTML or XHTML document as paragraphs, for imported books and web pages. The markup is parsed,
 * never kept: only text nodes are read, so nothing of the page (scripts, handlers, links) survives into an
 * article; the article's own cleaning runs on the result as on any text an author writes.
 */

/** Elements whose content is never text to read. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg', 'math', 'iframe', 'object', 'button', 'select', 'textarea', 'nav', 'aside', 'figure', 'rt', 'rp']);
/** Elements that end a paragraph. */
const BLOCKS = new Set([
  'address', 'article', 'blockquote', 'body', 'dd', 'div', 'dl', 'dt', 'figcaption', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'li', 'main', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
]);

const PARAGRAPH = '\u0000';

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

function collect(node: DomNode, out: string[]): void {
  if (node.nodeType === 3) {
    out.push(node.textContent ?? '');
    return;
  }
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return;
  const name = node.nodeName.toLowerCase();
  if (SKIPPED.has(name)) return;
  if (name === 'br') {
    out.push('\n');
    return;
  }
  const block = BLOCKS.has(name);
  if (block) out.push(PARAGRAPH);
  for (const child of Array.from(node.childNodes)) collect(child, out);
  if (block) out.push(PARAGRAPH);
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
export function paragraphsFromHtml(html: string): string[] {
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  const root = (document.body ?? document.documentElement) as unknown as DomNode | null;
  if (!root) return [];
  const out: string[] = [];
  collect(root, out);
  return paragraphs(out.join(''));
}

/** The first heading of a document, a fallback title for a chapter without one in the table of contents. */
export function firstHeading(html: string): string | undefined {
  const { document } = parseHTML(/<html[\s>]/i.test(html) ? html : `<!doctype html><html><body>${html}</body></html>`);
  for (const selector of ['h1', 'h2', 'h3', 'title']) {
    const text = document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return undefined;
}
