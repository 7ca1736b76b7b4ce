/** A first line longer than this is a sentence or a paragraph, not a title. */
export const TITLE_LINE_MAX = 120;
/** Words up to which a line ending in a period may still be a title ("Kapitel 1.", "Teil II."). */
const SHORT_TITLE_WORDS = 3;

/**
 * Whether a text's first line reads as its title: short, with a letter, not ending as a sentence or a
 * clause does (a period, unless it is very short and a blank line follows; a comma, semicolon, colon or an
 * ellipsis never). A line followed by a mere line break must end without any of those, nor ? or !: the
 * lines of a text without blank lines are often its sentences, one a line.
 */
export function looksLikeTitle(line: string, blankLineAfter: boolean): boolean {
  const text = line.trim();
  if (!text || text.length > TITLE_LINE_MAX || !/\p{L}/u.test(text)) return false;
  if (/[,;:…]$/u.test(text) || text.endsWith('...')) return false;
  if (!blankLineAfter) return !/[.!?]$/.test(text);
  return !text.endsWith('.') || text.split(/\s+/).length <= SHORT_TITLE_WORDS;
}

/**
 * A text's title from its first line, when that line looks like one, and the paragraphs without it; the
 * paragraphs as they are otherwise. `paragraphs` are paragraphsFromText's (single line breaks kept inside a
 * paragraph when the text has blank lines: then a first paragraph of one line had a blank line after it).
 */
export function leadingTitle(paragraphs: readonly string[], textHasBlankLines: boolean): { title?: string; paragraphs: string[] } {
  const [first = '', ...rest] = paragraphs;
  const [line = '', ...more] = first.split('\n');
  const body = more.length ? [more.join('\n'), ...rest] : rest;
  // The whole text is no title of itself.
  if (!body.length || !looksLikeTitle(line, textHasBlankLines && !more.length)) return { paragraphs: [...paragraphs] };
  return { title: line.trim(), paragraphs: body };
}

/** A file's name as a title: without its extension, separators as spaces, a capital first letter. */
export function fileTitle(filename: string): string {
  const base = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]+$/, '')
    .replace(/[_\-.+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return base ? base[0]!.toLocaleUpperCase() + base.slice(1) : 'Imported text';
}
