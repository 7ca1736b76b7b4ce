import { IMPORT_MESSAGES as M } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';

const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);
function hasBinaryControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
}

/**
 * A .txt file's text. It must be what it claims: Unicode text (UTF-8, or UTF-16 with its byte order mark).
 * A NUL byte or bytes that are not UTF-8 mean a binary file (an image, a zip, a PDF renamed .txt).
 */
export function decodeTextFile(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new Refused(400, M.emptyFile);
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : undefined;
  let text: string;
  try {
    text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Refused(400, M.notText);
  }
  // Control characters other than tab, line feed, form feed and carriage return do not occur in text.
  if (hasBinaryControl(text)) throw new Refused(400, M.notText);
  return text;
}

/** Whether paragraphs of the text are told apart by blank lines (else each line is one). */
export const hasBlankLines = (text: string): boolean => /\n[ \t]*\n/.test(text.replace(/\r\n?/g, '\n'));

/**
 * Plain text as paragraphs: a blank line ends one. Single line breaks inside a paragraph are kept when the
 * text has blank lines (poems, dialogue); a text without any blank line takes each line as a paragraph.
 */
export function paragraphsFromText(text: string): string[] {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\u00ad/g, '');
  const blocks = hasBlankLines(normalized) ? normalized.split(/\n[ \t]*\n+/) : normalized.split('\n');
  return blocks
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter((p) => /\p{L}/u.test(p));
}

/** A title from the first line of a text, cut at a word end. */
export function titleFromText(paragraphs: readonly string[], max: number): string {
  const first = (paragraphs[0] ?? '').split('\n')[0]!.trim();
  if (first.length <= Math.min(max, 80)) return first;
  const cut = first.slice(0, Math.min(max, 80));
  return `${cut.slice(0, cut.lastIndexOf(' ') > 20 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
