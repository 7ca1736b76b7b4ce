/**
 * Hostile files and pages, the kind an attacker uploads to stall a server: each small, each built to hit
 * one weakness of a parser (nesting, repetition, sizes a zip lies about, entry counts, path tricks,
 * malformed XML, invalid UTF-8, one enormous line, pages that never finish). Shared by the hostile-upload
 * suite (src/runtime/hostile-uploads.test.ts) and the hostile benchmark (bench/hostile.ts).
 */
import { constants, deflateRawSync } from 'node:zlib';
import type http from 'node:http';
import { strToU8, zipSync, type Zippable } from 'fflate';

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
