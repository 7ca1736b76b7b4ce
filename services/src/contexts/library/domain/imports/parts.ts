import { ARTICLE_NAME_MAX, IMPORT_PART_MAX } from '@verba/contracts';

export interface ImportedText {
  name: string;
  content: string;
}

/** Letters as the article limit counts them (the string length the contract checks). */
const JOIN = '\n\n';

/** A paragraph longer than a whole part is cut at sentence ends, else at spaces. */
function cutLong(paragraph: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
    const at = sentence > max / 2 ? sentence + 1 : window.lastIndexOf(' ') > max / 2 ? window.lastIndexOf(' ') : max;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

const partName = (name: string, n: number) => {
  const suffix = ` (${n})`;
  return `${name.slice(0, ARTICLE_NAME_MAX - suffix.length)}${suffix}`;
};

/**
 * One text as articles within the article limit: paragraphs are kept whole and gathered into parts of at
 * most `max` letters; a text that fits is one article with the text's name, else "Name (1)", "Name (2)".
 */
export function splitIntoArticles(name: string, paragraphs: readonly string[], max = IMPORT_PART_MAX): ImportedText[] {
  const parts: string[] = [];
  let current = '';
  for (const paragraph of paragraphs.flatMap((p) => cutLong(p, max))) {
    if (current && current.length + JOIN.length + paragraph.length > max) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}${JOIN}${paragraph}` : paragraph;
  }
  if (current) parts.push(current);
  const title = name.slice(0, ARTICLE_NAME_MAX);
  return parts.length === 1
    ? [{ name: title, content: parts[0]! }]
    : parts.map((content, i) => ({ name: partName(title, i + 1), content }));
}
