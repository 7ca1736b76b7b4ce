import { strToU8, zipSync, type Zippable } from 'fflate';

/** A chapter of a test book: its file, its title in the table of contents (none: not listed), its body. */
export interface TestChapter {
  file: string;
  title?: string;
  body: string;
}

const xhtml = (title: string, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${title}</title></head><body>${body}</body></html>`;

/**
 * A small but real EPUB 3 (what e-book readers open): the stored `mimetype` first, container.xml, an OPF
 * package in a sub-folder with metadata, manifest and spine, and a navigation document.
 */
export function buildEpub(book: {
  title: string;
  author: string;
  language?: string;
  chapters: TestChapter[];
  extraSpine?: TestChapter[];
}): Uint8Array {
  const chapters = [...book.chapters, ...(book.extraSpine ?? [])];
  const manifest = chapters
    .map((c, i) => `<item id="c${i}" href="text/${encodeURI(c.file)}" media-type="application/xhtml+xml"/>`)
    .join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  const nav = book.chapters
    .filter((c) => c.title)
    .map((c) => `<li><a href="text/${encodeURI(c.file)}#top">${c.title}</a></li>`)
    .join('');
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>${book.title}</dc:title><dc:creator>${book.author}</dc:creator><dc:language>${book.language ?? 'de'}</dc:language></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>${manifest}</manifest><spine>${spine}</spine></package>`,
    ),
    'OEBPS/nav.xhtml': strToU8(xhtml('Inhalt', `<nav epub:type="toc"><h1>Inhalt</h1><ol>${nav}</ol></nav>`)),
  };
  for (const c of chapters) files[`OEBPS/text/${c.file}`] = strToU8(xhtml(c.title ?? '', c.body));
  return zipSync(files);
}

/** A multipart/form-data body as a browser's FormData sends it: the fields, then one file part. */
export function multipartForm(fields: Record<string, string>, file?: { filename: string; bytes: Uint8Array; type?: string }) {
  const boundary = `----verba${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
