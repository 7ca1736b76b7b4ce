/**
 * Hostile files and pages, the kind an attacker uploads to stall a server: each small, each built to hit
 * one weakness of a parser (nesting, repetition, sizes a zip lies about, entry counts, path tricks,
 * malformed XML, invalid UTF-8, one enormous line, pages that never finish). Shared by the hostile-upload
 * suite (src/runtime/hostile-uploads.test.ts) and the hostile benchmark (bench/hostile.ts).
 */
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import type http from 'node:http';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { pdfOf, streamObject } from '../contexts/library/pdf';

export interface HostileFile {
  name: string;
  filename: string;
  bytes: Uint8Array;
}

export interface HostilePage {
  name: string;
  /** Path on the hostile page server. */
  path: string;
  serve(res: http.ServerResponse): void;
}

const CONTAINER =
  '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';

const opf = (manifest: string, spine: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Buch</dc:title></metadata><manifest>${manifest}</manifest><spine>${spine}</spine></package>`;

const nested = (depth: number, inner = 'Tief im Wald.') => `${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;

/** An EPUB whose spine lists one chapter `times` times; the chapter is `body`. */
function bookOf(body: string, times = 1): Uint8Array {
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(CONTAINER),
    'OEBPS/content.opf': strToU8(
      opf('<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>', '<itemref idref="c"/>'.repeat(times)),
    ),
    'OEBPS/c.xhtml': strToU8(`<html xmlns="http://www.w3.org/1999/xhtml"><body>${body}</body></html>`),
  };
  return zipSync(files, { level: 9 });
}

/** A zip of the given entries, each stored or deflated as fflate does it. */
const zipOf = (entries: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strToU8(v)])), { level: 9 });

/**
 * A book whose chapter declares 100 bytes in both zip headers but inflates to 2 GiB: 128 copies of a
 * fully flushed deflate block of 16 MiB of zeros, then an empty final block (about 2 MB in all).
 */
function lyingSizeBook(): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(16 * 1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const bomb = Buffer.concat([...Array<Buffer>(128).fill(block), Buffer.from([0x03, 0x00])]);
  const zip = Buffer.from(bookOf('<p>Platzhalter</p>'));
  return patchEntry(zip, 'OEBPS/c.xhtml', bomb, 100);
}

/** Replaces one entry's data with `data` (deflated), declaring `declared` bytes uncompressed. */
function patchEntry(zip: Buffer, name: string, data: Buffer, declared: number): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let at = 0;
  let offset = 0;
  const entries: { header: Buffer; name: string; offset: number; data: Buffer }[] = [];
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    const entryName = zip.toString('utf8', at + 30, at + 30 + nameLength);
    const size = zip.readUInt32LE(at + 18);
    const header = Buffer.from(zip.subarray(at, at + 30 + nameLength + extra));
    entries.push({
      header,
      name: entryName,
      offset: 0,
      data: Buffer.from(zip.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size)),
    });
    at += 30 + nameLength + extra + size;
  }
  for (const e of entries) {
    if (e.name === name) {
      e.data = data;
      e.header.writeUInt16LE(8, 8);
      e.header.writeUInt32LE(data.length, 18);
      e.header.writeUInt32LE(declared, 22);
    }
    e.offset = offset;
    parts.push(e.header, e.data);
    offset += e.header.length + e.data.length;
    const nameBytes = Buffer.from(e.name);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.header.readUInt16LE(8), 10);
    c.writeUInt32LE(e.header.readUInt32LE(14), 16);
    c.writeUInt32LE(e.header.readUInt32LE(18), 20);
    c.writeUInt32LE(e.header.readUInt32LE(22), 24);
    c.writeUInt16LE(nameBytes.length, 28);
    c.writeUInt32LE(e.offset, 42);
    central.push(c, nameBytes);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

function manyEntries(count: number): Uint8Array {
  const files: Record<string, string> = { 'META-INF/container.xml': CONTAINER, 'OEBPS/content.opf': opf('', '') };
  for (let i = 0; i < count; i++) files[`OEBPS/x${i}.xhtml`] = '';
  return zipOf(files);
}

const LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><container><rootfiles><rootfile full-path="&lol9;"/></rootfiles></container>`;

/** 2 GiB of zeros deflated (about 2 MB): 128 fully flushed blocks of 16 MiB, then an empty final block. */
function zeroBomb(): Buffer {
  const block = deflateRawSync(Buffer.alloc(16 * 1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array<Buffer>(128).fill(block), Buffer.from([0x03, 0x00])]);
}

/** A zlib stream (what a PDF's FlateDecode holds) around raw deflate data: its header, no checksum. */
const zlibOf = (raw: Buffer) => Buffer.concat([Buffer.from([0x78, 0xda]), raw]);

const PDF_FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
/** A one-page PDF whose page content is `content` (a stream object's body). */
const onePagePdf = (content: Buffer | string) =>
  pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    content,
    PDF_FONT,
  ]);

/**
 * An LZW stream (EarlyChange 1, as PDF's LZWDecode reads it) of `repeats` times the longest run of zeros
 * its dictionary holds (3,839 bytes a code of 12 bits): codes 0, 258, 259 ... 4095 each add a zero.
 */
function lzwZeros(repeats: number): Buffer {
  const codes = [0, ...Array.from({ length: 4095 - 257 }, (_, i) => 258 + i), ...Array<number>(repeats).fill(4095)];
  const out: number[] = [];
  let nextCode = 258;
  let codeLength = 9;
  let cached = 0;
  let bits = 0;
  codes.forEach((code, i) => {
    cached = (cached << codeLength) | code;
    bits += codeLength;
    while (bits >= 8) {
      bits -= 8;
      out.push((cached >>> bits) & 0xff);
    }
    cached &= (1 << bits) - 1;
    if (i > 0) {
      nextCode++;
      const n = nextCode + 1;
      if (!(n & (n - 1))) codeLength = Math.min(Math.log2(n) + 1, 12);
    }
  });
  if (bits) out.push((cached << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** A timing line of cue `i` (a second each). */
const srtTime = (i: number) => {
  const t = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')},000`;
  return `${t(i)} --> ${t(i + 1)}`;
};

/** The hostile files, built once (the 2 GiB bomb takes a tenth of a second). */
export const hostileFiles = (): HostileFile[] => [
  {
    name: 'EPUB under 1 KB: a chapter of <div> 5,000 deep, listed 300 times in the spine',
    filename: 'tief.epub',
    bytes: bookOf(nested(5000), 300),
  },
  { name: 'EPUB of 2.4 KB: <div> nested 100,000 deep', filename: 'tiefer.epub', bytes: bookOf(nested(100_000)) },
  {
    name: 'EPUB whose spine repeats a 200 KB chapter 300 times',
    filename: 'wieder.epub',
    bytes: bookOf(`<p>${'Noch einmal von vorn. '.repeat(10_000)}</p>`, 300),
  },
  { name: 'zip entry declaring 100 bytes that inflates to 2 GiB', filename: 'luege.epub', bytes: lyingSizeBook() },
  { name: 'zip of 10,000 entries', filename: 'viele.epub', bytes: manyEntries(10_000) },
  {
    name: 'path-traversal names in the zip and the package',
    filename: 'pfad.epub',
    bytes: zipOf({
      'META-INF/container.xml': CONTAINER.replace('OEBPS/content.opf', '../../../../etc/passwd'),
      '../../../../etc/passwd': opf('<item id="c" href="/etc/shadow" media-type="application/xhtml+xml"/>', '<itemref idref="c"/>'),
      '/etc/shadow': '<p>root:x:0:0</p>',
    }),
  },
  {
    name: 'container.xml with an unclosed tag',
    filename: 'kaputt.epub',
    bytes: zipOf({ 'META-INF/container.xml': '<?xml version="1.0"?><container><rootfiles><rootfile full-path="OEBPS/content.opf"' }),
  },
  { name: 'container.xml with a billion-laughs DOCTYPE', filename: 'lachen.epub', bytes: zipOf({ 'META-INF/container.xml': LAUGHS }) },
  {
    name: 'container.xml nested 100,000 deep',
    filename: 'xml-tief.epub',
    bytes: zipOf({ 'META-INF/container.xml': `<container>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</container>` }),
  },
  { name: 'not a zip at all, named .epub', filename: 'falsch.epub', bytes: strToU8('PK\u0003\u0004 this is not really a zip') },
  {
    name: 'a .txt of invalid UTF-8',
    filename: 'kaputt.txt',
    bytes: new Uint8Array([0x48, 0x61, 0x6c, 0x6c, 0x6f, 0xc3, 0x28, 0xa0, 0xa1, 0xff, 0xfe, 0x20, 0x57]),
  },
  { name: 'a .txt of one 50 MB line', filename: 'zeile.txt', bytes: new Uint8Array(50 * 1024 * 1024).fill(0x61) },
  { name: 'a .txt of 9 MB without a space or line break', filename: 'wurst.txt', bytes: new Uint8Array(9 * 1024 * 1024).fill(0x61) },
  // Subtitles (.srt, .vtt): the parser, the tag stripping, the roll-up merging and the encoding check.
  {
    name: 'an .srt of Latin-1 bytes (not UTF-8)',
    filename: 'latin.srt',
    bytes: Buffer.from(`1\n${srtTime(0)}\nSchöne Grüße aus Köln\n`, 'latin1'),
  },
  {
    name: 'an .srt in UTF-16 without its byte order mark',
    filename: 'utf16.srt',
    bytes: Buffer.from(`1\n${srtTime(0)}\nGuten Tag\n`, 'utf16le'),
  },
  {
    name: 'a .vtt of one 9 MB line and no cue',
    filename: 'zeile.vtt',
    bytes: Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.alloc(9 * 1024 * 1024, 0x61)]),
  },
  {
    name: 'a .vtt cue of tags nested 200,000 deep around a note',
    filename: 'tags.vtt',
    bytes: strToU8(`WEBVTT\n\n00:00.000 --> 00:01.000\n${'<c.a><i><b>'.repeat(200_000)}♪${'</b></i></c>'.repeat(200_000)}\n`),
  },
  {
    name: 'an .srt of 200,000 cues, each ending before it starts but the first',
    filename: 'rueckwaerts.srt',
    bytes: strToU8(
      Array.from(
        { length: 200_000 },
        (_, i) => `${i + 1}\n${i ? srtTime(i).split(' --> ').reverse().join(' --> ') : srtTime(i)}\nWort ${i}\n`,
      ).join('\n'),
    ),
  },
  {
    name: 'an .srt of 1,500 cues growing a line each (paint-on captions, cubic to merge naively), in English',
    filename: 'wachsen.srt',
    bytes: strToU8(
      Array.from({ length: 1500 }, (_, i) => `${i + 1}\n${srtTime(i)}\n${'the\n'.repeat(Math.min(i, 600))}and it is ${i}\n`).join('\n'),
    ),
  },
  // PDF: what pdf.js unpacks, counts and nests.
  {
    name: 'a PDF of 2 MB whose page content inflates to 2 GiB',
    filename: 'bombe.pdf',
    bytes: onePagePdf(streamObject(zlibOf(zeroBomb()), { dict: ' /Filter /FlateDecode' })),
  },
  {
    name: 'a PDF whose content is deflated twice, to 2 GiB',
    filename: 'doppelt.pdf',
    bytes: onePagePdf(streamObject(deflateSync(zlibOf(zeroBomb())), { dict: ' /Filter [/FlateDecode /FlateDecode]' })),
  },
  {
    name: 'a PDF whose LZW page content unpacks to 2 GiB (840 KB)',
    filename: 'lzw.pdf',
    bytes: onePagePdf(streamObject(lzwZeros(560_000), { dict: ' /Filter /LZWDecode' })),
  },
  {
    name: 'a PDF whose run-length page content unpacks to 300 MB',
    filename: 'laenge.pdf',
    bytes: onePagePdf(streamObject(Buffer.alloc(4.8 * 1024 * 1024, Buffer.from([0x81, 0x20])), { dict: ' /Filter /RunLengthDecode' })),
  },
  {
    name: 'a PDF of 50,000 pages sharing one content stream (4.5 MB)',
    filename: 'seiten.pdf',
    bytes: pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${Array.from({ length: 50_000 }, (_, i) => `${i + 5} 0 R`).join(' ')}] /Count 50000 >>`,
      streamObject('BT /F1 12 Tf 72 700 Td (Noch eine Seite.) Tj ET'),
      PDF_FONT,
      ...Array.from({ length: 50_000 }, () => '<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>'),
    ]),
  },
  {
    name: 'a PDF whose page tree is a loop',
    filename: 'schleife.pdf',
    bytes: pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 3 >>',
      '<< /Type /Pages /Kids [2 0 R] /Count 2 >>',
    ]),
  },
  {
    name: 'a PDF whose content nests arrays 100,000 deep',
    filename: 'tief.pdf',
    bytes: onePagePdf(streamObject(`BT /F1 12 Tf 72 700 Td ${'['.repeat(100_000)}(Hallo)${']'.repeat(100_000)} TJ ET`, { deflate: true })),
  },
  { name: 'a file named .pdf that is not one', filename: 'falsch.pdf', bytes: strToU8('%PDF-1.7\n%%EOF\n this is not a PDF at all') },
];

/** Pages the web-page import is pointed at, served by a test's own server on 127.0.0.1. */
export const hostilePages = (): HostilePage[] => [
  {
    name: 'a page of <div> nested 100,000 deep',
    path: '/tief',
    serve: (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${nested(100_000, '<p>Hallo</p>')}</body></html>`),
  },
  {
    name: 'a page that never finishes (slow loris: a byte every half second)',
    path: '/langsam',
    serve: (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<'), 500);
      res.on('close', () => clearInterval(timer));
    },
  },
  {
    name: 'a page of 4.5 MB on one line',
    path: '/zeile',
    serve: (res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><p>${'a'.repeat(4.5 * 1024 * 1024)}</p></body></html>`),
  },
  {
    name: 'a page of 100,000 empty elements',
    path: '/elemente',
    serve: (res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${'<span></span>'.repeat(100_000)}<p>Text</p></body></html>`),
  },
  {
    name: 'a page of invalid UTF-8',
    path: '/kaputt',
    serve: (res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(Buffer.from([0x3c, 0x70, 0x3e, 0xc3, 0x28, 0xff, 0xfe, 0xa0, 0x3c, 0x2f, 0x70, 0x3e])),
  },
  {
    name: 'a page larger than the limit, its length not declared',
    path: '/gross',
    serve: (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let sent = 0;
      const push = () => {
        while (sent < 8 && res.write(chunk)) sent++;
        if (sent < 8) res.once('drain', push);
        else res.end();
      };
      push();
    },
  },
];
