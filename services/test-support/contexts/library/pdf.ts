import { deflateSync } from 'node:zlib';

/**
 * Small but real PDF files for tests, written by hand: a catalog, a page tree, pages whose content
 * streams draw text in Helvetica (WinAnsi, so German and French letters work) or only shapes, and a
 * cross-reference table with exact offsets, as PDF readers expect.
 */

/** One line of text on a page: where it starts (points from the bottom left) and its size. */
export interface PdfLine {
  text: string;
  x?: number;
  y: number;
  size?: number;
}

export interface PdfPage {
  lines?: PdfLine[];
  /** Raw content stream operators drawn besides the lines (e.g. a rectangle). */
  drawing?: string;
}

/** A PDF string literal of `text` in WinAnsi: non-ASCII letters as octal escapes. */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else if (code < 0x100) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

function contentOf(page: PdfPage): string {
  const text = (page.lines ?? []).map((l) => `BT /F1 ${l.size ?? 12} Tf ${l.x ?? 72} ${l.y} Td ${pdfString(l.text)} Tj ET`).join('\n');
  return [text, page.drawing ?? ''].filter(Boolean).join('\n');
}

/** Objects (bodies without "n 0 obj") joined into a PDF with its cross-reference table; object 1 is the catalog. */
export function pdfOf(objects: readonly (string | Buffer)[], trailerExtra = ''): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ];
  parts.push(
    Buffer.from(
      `${xref.join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** A stream object's body: its dictionary and data (deflated when asked). */
export function streamObject(data: Buffer | string, options: { deflate?: boolean; dict?: string } = {}): Buffer {
  const raw = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const bytes = options.deflate ? deflateSync(raw) : raw;
  const filter = options.deflate ? ' /Filter /FlateDecode' : '';
  return Buffer.concat([
    Buffer.from(`<< /Length ${bytes.length}${filter}${options.dict ?? ''} >>\nstream\n`, 'latin1'),
    bytes,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A PDF of A4 pages, each with its lines of text and drawing. */
export function buildPdf(pages: readonly PdfPage[]): Uint8Array {
  // 1 catalog, 2 pages, 3 font, then per page: the page and its content stream.
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((page, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`,
      streamObject(contentOf(page)),
    );
  });
  return pdfOf(objects);
}

/**
 * Lines of running text laid out on a page from the top, 14 points apart; an empty string leaves a blank
 * line (a paragraph break, as a gap).
 */
export function textLines(lines: readonly string[], top = 760): PdfLine[] {
  const out: PdfLine[] = [];
  lines.forEach((text, i) => {
    if (text) out.push({ text, y: top - i * 14 });
  });
  return out;
}

/** A page with a header at the top, a footer with its number at the bottom, and the body between. */
export const pageWithRunningHeads = (body: readonly string[], n: number): PdfPage => ({
  lines: [{ text: 'Deutsche Wirtschaftszeitung', y: 810, size: 9 }, ...textLines(body), { text: `Seite ${n}`, y: 30, size: 9 }],
});

/** A page with only a drawn rectangle: a scan without its text layer looks like this to a text reader. */
export const drawingOnlyPdf = (): Uint8Array => buildPdf([{ drawing: '0.5 g 72 400 300 200 re f' }]);

/**
 * A PDF protected with a user password (the standard security handler, RC4 40-bit): its /U entry does not
 * match the empty password, so a reader must ask for one.
 */
export function encryptedPdf(): Uint8Array {
  const hex = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    streamObject('BT /F1 12 Tf 72 700 Td (Geheim) Tj ET'),
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(1)}> /U <${hex(2)}> /P -44 >>`,
  ];
  return pdfOf(objects, `/Encrypt 5 0 R /ID [<${hex(3).slice(0, 32)}> <${hex(3).slice(0, 32)}>] `);
}
