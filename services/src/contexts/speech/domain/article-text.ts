import { splitSentences, timingsByLength, type SentenceTiming } from '@verba/contracts';

const BLOCKS = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });

/**
 * An article's rich text (sanitized HTML, a few harmless tags) as the reader's plain text: the server's
 * twin of the kit's htmlToText (text nodes in order, `<br>` a line break, a block's end a blank line),
 * so sentence i timed here is sentence i the reader lights.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  for (const [, text, closing, name] of html.matchAll(/([^<]+)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*>/g)) {
    if (text !== undefined) parts.push(decode(text));
    else if (name!.toLowerCase() === 'br') parts.push('\n');
    else if (closing && BLOCKS.has(name!.toLowerCase())) parts.push('\n\n');
  }
  return parts
    .join('')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text the reader shows for an article, whose sentences the audio is timed to. */
export const readerText = (article: { content: string; contentFormat: 'text' | 'html' }) =>
  article.contentFormat === 'html' ? htmlToText(article.content) : article.content;

/**
 * Sentence timings from a subtitle import's cues (one per paragraph): each paragraph's sentences share its
 * cue by their lengths. Undefined when the cues no longer fit the text (one per paragraph, same sentences).
 */
export function timingsFromCues(text: string, cues: readonly SentenceTiming[]): SentenceTiming[] | undefined {
  const paragraphs = text.split(/\n\n+/);
  if (paragraphs.length !== cues.length) return undefined;
  const timings = paragraphs.flatMap((paragraph, i) => {
    const cue = cues[i]!;
    return timingsByLength(splitSentences(paragraph), Math.max(0, cue.end - cue.start)).map((t) => ({
      start: Math.round((cue.start + t.start) * 1000) / 1000,
      end: Math.round((cue.start + t.end) * 1000) / 1000,
    }));
  });
  return timings.length === splitSentences(text).length ? timings : undefined;
}
