import { ARTICLE_NAME_MAX, IMPORT_PART_MAX } from '@verba/contracts';

/** A line's start and end in seconds (a subtitle cue's). */
export interface Cue {
  start: number;
  end: number;
}

export interface ImportedText {
  name: string;
  content: string;
  /** Timed text (subtitles): one per paragraph of `content`, in order. */
  cues?: Cue[];
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
 * Timed text (`cues`, one per paragraph) keeps each paragraph's timing in the part it lands in; a
 * paragraph cut because it alone passes the limit gives each of its pieces its timing.
 */
export function splitIntoArticles(
  name: string,
  paragraphs: readonly string[],
  max = IMPORT_PART_MAX,
  cues?: readonly Cue[],
): ImportedText[] {
  const parts: { content: string; cues: Cue[] }[] = [];
  let current = '';
  let timed: Cue[] = [];
  paragraphs.forEach((whole, i) => {
    for (const paragraph of cutLong(whole, max)) {
      if (current && current.length + JOIN.length + paragraph.length > max) {
        parts.push({ content: current, cues: timed });
        current = '';
        timed = [];
      }
      current = current ? `${current}${JOIN}${paragraph}` : paragraph;
      if (cues) timed.push(cues[i]!);
    }
  });
  if (current) parts.push({ content: current, cues: timed });
  const title = name.slice(0, ARTICLE_NAME_MAX);
  const withCues = (part: { content: string; cues: Cue[] }, name: string): ImportedText =>
    cues ? { name, content: part.content, cues: part.cues } : { name, content: part.content };
  return parts.length === 1 ? [withCues(parts[0]!, title)] : parts.map((part, i) => withCues(part, partName(title, i + 1)));
}
