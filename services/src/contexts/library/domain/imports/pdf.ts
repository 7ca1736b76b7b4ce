import { createRequire } from 'node:module';
import { constants, inflateSync } from 'node:zlib';
import { IMPORT_MESSAGES as M, IMPORT_PDF_PAGES_MAX, IMPORT_PDF_UNPACKED_MAX } from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';

/**
 * A PDF's text layer as paragraphs, read with pdf.js (pdfjs-dist's legacy build, which runs on Node 20)
 * on the untrusted pool: no fonts loaded or looked up, no worker of its own (its parser runs in this thread,
 * so the pool's time and memory budgets hold it). Lines are rebuilt from the text items' positions;
 * lines repeated at the top or bottom of most pages (running headers, footers, page numbers) are dropped;
 * a paragraph ends at a gap wider than the line spacing or at a page end after a sentence end; a word
 * hyphenated at a line end is joined ("Mar-" + "kt" = "Markt"). No text layer (a scan): a refusal, no OCR.
 */

interface Line {
  text: string;
  /** Baseline, points from the bottom of the page. */
  y: number;
  height: number;
}

interface TextItem {
  str: string;
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * pdf.js, with its parser in this thread rather than a worker; loaded on the first PDF (half a second)
 * and then from the module cache. Loaded with require (Node 20.19 loads ES modules so), which keeps it out
 * of any loader hooks: the TypeScript loader of tests and `npm run dev` takes seconds over its 2 MB, of
 * the job's time budget.
 */
function pdfjs(): PdfJs {
  const load = createRequire(import.meta.url);
  // pdf.js looks here for its "worker" before trying to start one: the parser then runs in this thread.
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = load('pdfjs-dist/legacy/build/pdf.worker.mjs') as unknown;
  return load('pdfjs-dist/legacy/build/pdf.mjs') as PdfJs;
}

/** A page's text items as lines, in the order the page draws them: items on one baseline (within half a line) join. */
function linesOf(items: readonly TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const height = Math.abs(item.height) || Math.abs(item.transform[3] ?? 0) || 10;
    if (current && Math.abs(current.y - y) <= Math.max(current.height, height) / 2) {
      current.text += item.str;
      current.height = Math.max(current.height, height);
    } else if (item.str.trim()) {
      current = { text: item.str, y, height };
      lines.push(current);
    }
    if (item.hasEOL && current) current = undefined;
  }
  return lines.map((l) => ({ ...l, text: l.text.replace(/[\s\u00a0]+/g, ' ').trim() })).filter((l) => l.text);
}

/**
 * A running head's text with its numbers as one sign, so "Seite 3" and "Seite 4" are the same head, and
 * its height on the page (to 4 points): a head stands at the same place on every page.
 */
const headKey = (line: Line) => `${Math.round(line.y / 4)}:${line.text.replace(/\d+/g, '#').toLowerCase()}`;
/** Lines at either end of a page looked at for running heads. */
const EDGE_LINES = 2;

/**
 * Pages without their running heads: a line among the first or last two of a page whose text (numbers
 * aside) stands at the same height at an end of at least half the pages (and of two), and lone page numbers.
 */
function withoutRunningHeads(pages: Line[][]): Line[][] {
  const counts = new Map<string, number>();
  for (const page of pages) {
    const edges = new Set([...page.slice(0, EDGE_LINES), ...page.slice(-EDGE_LINES)].map(headKey));
    for (const key of edges) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const repeated = (key: string) => pages.length >= 2 && (counts.get(key) ?? 0) >= Math.max(2, pages.length / 2);
  return pages.map((page) =>
    page.filter((line, i) => {
      const atEdge = i < EDGE_LINES || i >= page.length - EDGE_LINES;
      if (!atEdge) return true;
      if (/^[-–—\s]*\d+[-–—\s]*$/.test(line.text) || /^(page|seite|página|страница|p\.)?\s*\d+\s*(\/|of|von|de|из)\s*\d+$/i.test(line.text))
        return false;
      return !repeated(headKey(line));
    }),
  );
}

/** A line joined onto the text before it: a word hyphenated at the line end is joined again. */
function join(text: string, line: string): string {
  if (!text) return line;
  // "Mar-" + "kt" = "Markt"; "Nord-" + "Süd" keeps its hyphen ("Nord-Süd"); a dash after a space is a dash.
  if (/\p{L}[-\u00ad\u2010]$/u.test(text)) return /^\p{Ll}/u.test(line) ? `${text.slice(0, -1)}${line}` : `${text.slice(0, -1)}-${line}`;
  return `${text} ${line}`;
}

/** The page's distance between the lines of a paragraph: the smallest between two lines, to a point (0: one line). */
function lineSpacing(page: readonly Line[]): number {
  let spacing = Infinity;
  page.forEach((line, i) => {
    const gap = i > 0 ? Math.round(page[i - 1]!.y - line.y) : 0;
    if (gap > 0) spacing = Math.min(spacing, gap);
  });
  return Number.isFinite(spacing) ? spacing : 0;
}

const SENTENCE_END = /[.!?…:;"»«“”)\]]$/;

/** Paragraphs from the pages' lines: a gap wider than the lines' spacing ends one, and so does a page end after a sentence. */
function paragraphsOf(pages: Line[][]): string[] {
  const paragraphs: string[] = [];
  let text = '';
  const end = () => {
    if (/\p{L}/u.test(text)) paragraphs.push(text);
    text = '';
  };
  for (const page of pages) {
    const spacing = lineSpacing(page);
    page.forEach((line, i) => {
      const gap = i > 0 ? page[i - 1]!.y - line.y : 0;
      // Wider than one and a half line spacings (a page of one-line paragraphs: than 1.4 line heights).
      if (i > 0 && gap > Math.min(spacing || Infinity, line.height * 1.4) * 1.5) end();
      text = join(text, line.text);
    });
    if (SENTENCE_END.test(text)) end();
  }
  end();
  return paragraphs;
}

/** Inflates `data` (zlib) to at most `max` bytes; undefined when it is no zlib data pdf.js could read either. */
function inflated(data: Uint8Array, max: number): Buffer | undefined {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, max), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new Refused(413, M.pdfTooLarge);
    return undefined;
  }
}

/**
 * Bytes an LZWDecode stream unpacks to, counted as pdf.js's LZWStream decodes it (its code lengths and
 * dictionary lengths, without the bytes); stops counting past `max`.
 */
export function lzwSize(data: Uint8Array, earlyChange: number, max: number): number {
  const lengths = new Uint16Array(4096);
  lengths.fill(1, 0, 256);
  let codeLength = 9;
  let nextCode = 258;
  let prevCode = 0;
  let sequence = 0;
  let total = 0;
  let cached = 0;
  let bits = 0;
  let at = 0;
  while (total <= max) {
    while (bits < codeLength && at < data.length) {
      cached = ((cached << 8) | data[at++]!) & 0xffffff;
      bits += 8;
    }
    if (bits < codeLength) break;
    bits -= codeLength;
    const code = (cached >>> bits) & ((1 << codeLength) - 1);
    const hasPrev = sequence > 0;
    if (code < 256) sequence = 1;
    else if (code >= 258) sequence = code < nextCode ? lengths[code]! : sequence + 1;
    else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      sequence = 0;
      continue;
    } else break;
    if (hasPrev) {
      if (nextCode < 4096) lengths[nextCode] = lengths[prevCode]! + 1;
      nextCode++;
      const n = nextCode + earlyChange;
      codeLength = n & (n - 1) ? codeLength : Math.min(Math.floor(Math.log2(n)) + 1, 12);
    }
    prevCode = code;
    total += sequence;
  }
  return total;
}

/** Bytes a RunLengthDecode stream unpacks to (stops counting past `max`). */
export function runLengthSize(data: Uint8Array, max: number): number {
  let total = 0;
  for (let at = 0; at < data.length && total <= max;) {
    const n = data[at]!;
    if (n === 128) break;
    if (n < 128) {
      total += n + 1;
      at += n + 2;
    } else {
      total += 257 - n;
      at += 2;
    }
  }
  return total;
}

/** A stream's filters in the order they are undone, as its dictionary names them (abbreviations too). */
function filtersOf(dictionary: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary)?.[1] ?? '';
  return (filter.match(/\/[A-Za-z0-9]+/g) ?? []).map((name) => name.slice(1));
}

/**
 * Refuses a PDF whose compressed streams unpack to more than IMPORT_PDF_UNPACKED_MAX bytes together.
 * pdf.js unpacks a stream into one growing buffer, outside the thread's heap budget, with no bound of its
 * own: a 2 MB stream of zeros could ask for gigabytes. So every stream of the file is unpacked here first,
 * filter after filter, counting and stopping at the bound: deflate by zlib (bounded), LZW and run length
 * by counting what they would write. (Image filters, DCT and the like, stay pdf.js's: text extraction
 * does not decode images.)
 */
function checkUnpackedSize(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let left = IMPORT_PDF_UNPACKED_MAX;
  const keyword = /(?<!end)stream\r?\n/g;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = text.slice(Math.max(0, match.index - 1024), match.index);
    const object = dictionary.slice(dictionary.lastIndexOf('obj') + 1);
    const earlyChange = /\/EarlyChange\s+0\b/.test(object) ? 0 : 1;
    let data: Uint8Array = bytes.subarray(start, end);
    for (const filter of filtersOf(object)) {
      let size: number;
      if (filter === 'FlateDecode' || filter === 'Fl') {
        const out = inflated(data, left);
        if (!out) break;
        size = out.length;
        data = out;
      } else if (filter === 'LZWDecode' || filter === 'LZW') size = lzwSize(data, earlyChange, left);
      else if (filter === 'RunLengthDecode' || filter === 'RL') size = runLengthSize(data, left);
      else break;
      left -= size;
      if (left < 0) throw new Refused(413, M.pdfTooLarge);
      // Counted, not unpacked: a filter after LZW or run length reads what is not here.
      if (!(filter === 'FlateDecode' || filter === 'Fl')) break;
    }
    keyword.lastIndex = end;
  }
}

function refusalOf(error: unknown): unknown {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'PasswordException') return new Refused(400, M.pdfEncrypted);
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException' || name === 'MissingPDFException')
    return new Refused(400, M.notPdf);
  return error;
}

/** The paragraphs of a PDF's text layer (see above). */
export async function readPdf(bytes: Uint8Array): Promise<string[]> {
  if (!/^\s*%PDF-/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 1024)))) throw new Refused(400, M.notPdf);
  checkUnpackedSize(bytes);
  const { getDocument } = pdfjs();
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw refusalOf(error);
    });
    if (doc.numPages > IMPORT_PDF_PAGES_MAX) throw new Refused(413, M.pdfTooManyPages);
    const pages: Line[][] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n).catch((error: unknown) => {
        throw refusalOf(error);
      });
      const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
      pages.push(linesOf(content.items.flatMap((item) => ('str' in item ? [item] : []))));
      page.cleanup();
    }
    const paragraphs = paragraphsOf(withoutRunningHeads(pages));
    if (!paragraphs.length) throw new Refused(400, M.pdfNoText);
    return paragraphs;
  } finally {
    await task.destroy();
  }
}
