/**
 * One HTTP byte range (RFC 9110 §14): what a media element asks for to seek. Chromium cannot seek an
 * <audio> whose server ignores ranges: it plays from the start wherever the learner clicked.
 * Several ranges in one request are answered whole (a browser's media element never asks for them).
 */
export type ByteRange = { start: number; end: number } | 'whole' | 'unsatisfiable';

export function byteRange(header: string | undefined, size: number): ByteRange {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '') {
    // "bytes=-500": the last 500 bytes.
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? 'whole' : { start, end };
}
