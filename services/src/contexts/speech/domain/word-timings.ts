import { escapeXml, segment, wrapForSpeech, type SpokenWord } from '@verba/contracts';

/** A word event of an engine: where in the SSML document it sent (a UTF-16 index) the word starts, and when it is heard. */
export interface EngineMark {
  index: number;
  ms: number;
}

/** UTF-16 index of each code point of `text` (espeak-ng counts code points), one past the end last. */
export function codePointIndexes(text: string): number[] {
  const indexes: number[] = [];
  let i = 0;
  for (const char of text) {
    indexes.push(i);
    i += char.length;
  }
  indexes.push(i);
  return indexes;
}

/** UTF-16 index of each UTF-8 byte offset of `text` (Polly's speech marks count bytes). */
export function byteIndexes(text: string): Map<number, number> {
  const indexes = new Map<number, number>();
  let bytes = 0;
  let i = 0;
  for (const char of text) {
    indexes.set(bytes, i);
    bytes += Buffer.byteLength(char);
    i += char.length;
  }
  indexes.set(bytes, i);
  return indexes;
}

/**
 * The engine's word marks as the words of `text` (as sent, before `wrapForSpeech(text, speed)` made the
 * SSML the engine read): each mark's SSML index goes back through the escaping to an offset in the text,
 * then to the word there; each word once, at its first mark, in order. Marks outside the text (the break)
 * or on no word (espeak-ng speaks "&" as a word of its own) are dropped.
 */
export function wordsOfMarks(text: string, speed: number, marks: readonly EngineMark[]): SpokenWord[] {
  const prefix = wrapForSpeech('\u0001', speed).indexOf('\u0001');
  // SSML index (from the body's start) -> text offset, through each character's escaped length.
  const toText: number[] = [];
  for (let i = 0; i < text.length; i++) {
    for (let k = 0; k < escapeXml(text.charAt(i)).length; k++) toText.push(i);
  }
  const words: { start: number; end: number }[] = [];
  let at = 0;
  for (const token of segment(text)) {
    if (token.kind === 'word') words.push({ start: at, end: at + token.text.length });
    at += token.text.length;
  }
  const out: SpokenWord[] = [];
  let next = 0; // words are heard in order: a mark never goes back to a word before the last one given
  for (const mark of [...marks].sort((a, b) => a.ms - b.ms)) {
    const offset = toText[mark.index - prefix];
    if (offset === undefined) continue;
    let w = next;
    while (w < words.length && words[w]!.end <= offset) w++;
    const word = words[w];
    if (!word || word.start > offset) continue;
    out.push({ start: word.start, end: word.end, offsetMs: Math.round(mark.ms) });
    next = w + 1;
  }
  return out;
}
