import { posix } from 'node:path';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import { IMPORT_MESSAGES as M } from '@verba/contracts';
import { HttpError } from '../../../../platform/http/problem';
import { firstHeading, paragraphsFromHtml } from './html-text';

/**
 * An EPUB book read as chapters of text: the zip's META-INF/container.xml names the package (OPF), whose
 * spine gives the reading order and whose table of contents (EPUB 3 nav or EPUB 2 NCX) the chapter titles.
 */
export interface Book {
  title: string;
  author: string;
  chapters: { title: string; paragraphs: string[] }[];
}

/** Uncompressed bytes read from one book at most (the sizes the zip declares; fflate never writes past them). */
const UNZIPPED_MAX = 64 * 1024 * 1024;
const XHTML = new Set(['application/xhtml+xml', 'text/html', 'application/xml']);

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  isArray: (name) => ['item', 'itemref', 'rootfile', 'navPoint', 'creator', 'title'].includes(name),
});

type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as Node[];
/** An element's text whether the parser gave a string or an object with attributes. */
const textOf = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : v && typeof v === 'object' ? textOf((v as Node)['#text']) : '').trim();
const decoder = new TextDecoder('utf-8');
/** A DOCTYPE's internal subset could declare entities that expand without bound; packages need none. */
/** The part of a DOM element the table of contents reads (linkedom's types are loose). */
interface Element {
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<Element>;
  textContent: string | null;
}

const parseXml = (bytes: Uint8Array): Node => xml.parse(decoder.decode(bytes).replace(/<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>/gi, '')) as Node;

class Zip {
  private unzipped = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** The named entries that exist; each is decompressed at most once within the book's size budget. */
  read(names: ReadonlySet<string>): Record<string, Uint8Array> {
    const wanted = (file: UnzipFileInfo) => {
      if (!names.has(file.name)) return false;
      this.unzipped += file.originalSize;
      if (this.unzipped > UNZIPPED_MAX) throw new HttpError(413, M.bookTooLarge);
      return true;
    };
    try {
      return unzipSync(this.bytes, { filter: wanted });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, M.notEpub);
    }
  }

  one(name: string): Uint8Array | undefined {
    return this.read(new Set([name]))[name];
  }
}

/** A manifest href as the zip names it: relative to the package, percent-decoded, without a fragment. */
function resolve(base: string, href: string): string {
  const path = href.split('#')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep it as written
  }
  return posix.normalize(posix.join(posix.dirname(base), decoded)).replace(/^\.\//, '');
}

/** Chapter titles by document path, from the EPUB 3 navigation document. */
function navTitles(html: string, navPath: string): Map<string, string> {
  const { document } = parseHTML(html);
  const navs = Array.from(document.querySelectorAll('nav') as ArrayLike<Element>);
  const toc = navs.find((n) => (n.getAttribute('epub:type') ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  const titles = new Map<string, string>();
  for (const a of Array.from(toc?.querySelectorAll('a[href]') ?? [])) {
    const label = a.textContent?.replace(/\s+/g, ' ').trim();
    const path = resolve(navPath, a.getAttribute('href') ?? '');
    if (label && !titles.has(path)) titles.set(path, label);
  }
  return titles;
}

/** Chapter titles by document path, from the EPUB 2 NCX. */
function ncxTitles(ncx: Node, ncxPath: string): Map<string, string> {
  const titles = new Map<string, string>();
  const walk = (points: Node[]) => {
    for (const point of points) {
      const label = textOf((point['navLabel'] as Node | undefined)?.['text']);
      const src = (point['content'] as Node | undefined)?.['@_src'];
      if (label && typeof src === 'string') {
        const path = resolve(ncxPath, src);
        if (!titles.has(path)) titles.set(path, label);
      }
      walk(list(point['navPoint']));
    }
  };
  walk(list(((ncx['ncx'] as Node | undefined)?.['navMap'] as Node | undefined)?.['navPoint']));
  return titles;
}

/** Reads a book; throws the import's messages for a file that is not an EPUB or has no text. */
export function readEpub(bytes: Uint8Array, fallbackTitle: string): Book {
  if (bytes.length === 0) throw new HttpError(400, M.emptyFile);
  const zip = new Zip(bytes);
  const container = zip.one('META-INF/container.xml');
  if (!container) throw new HttpError(400, M.notEpub);
  const rootfile = list(((parseXml(container)['container'] as Node | undefined)?.['rootfiles'] as Node | undefined)?.['rootfile'])[0];
  const opfPath = typeof rootfile?.['@_full-path'] === 'string' ? rootfile['@_full-path'] : undefined;
  const opfBytes = opfPath ? zip.one(opfPath) : undefined;
  if (!opfPath || !opfBytes) throw new HttpError(400, M.notEpub);
  const pkg = parseXml(opfBytes)['package'] as Node | undefined;
  if (!pkg) throw new HttpError(400, M.notEpub);

  const metadata = (pkg['metadata'] as Node | undefined) ?? {};
  const title = list(metadata['title']).map(textOf).find(Boolean) ?? fallbackTitle;
  const author = list(metadata['creator']).map(textOf).find(Boolean) ?? '';
  const items = new Map(
    list((pkg['manifest'] as Node | undefined)?.['item']).map((item) => [
      String(item['@_id']),
      { path: resolve(opfPath, String(item['@_href'] ?? '')), type: String(item['@_media-type'] ?? ''), properties: String(item['@_properties'] ?? '') },
    ]),
  );
  const spine = (pkg['spine'] as Node | undefined) ?? {};
  const order = list(spine['itemref'])
    .filter((ref) => ref['@_linear'] !== 'no')
    .map((ref) => items.get(String(ref['@_idref'])))
    .filter((item): item is NonNullable<typeof item> => item !== undefined && XHTML.has(item.type));

  const nav = [...items.values()].find((item) => item.properties.split(/\s+/).includes('nav'));
  const ncx = items.get(String(spine['@_toc'] ?? '')) ?? [...items.values()].find((item) => item.type === 'application/x-dtbncx+xml');
  const docs = zip.read(new Set([...order.map((item) => item.path), ...(nav ? [nav.path] : []), ...(ncx ? [ncx.path] : [])]));
  let titles = new Map<string, string>();
  if (nav && docs[nav.path]) titles = navTitles(decoder.decode(docs[nav.path]), nav.path);
  if (!titles.size && ncx && docs[ncx.path]) titles = ncxTitles(parseXml(docs[ncx.path]!), ncx.path);

  const chapters: Book['chapters'] = [];
  for (const item of order) {
    const bytes = docs[item.path];
    if (!bytes) continue;
    const html = decoder.decode(bytes);
    const paragraphs = paragraphsFromHtml(html);
    if (!paragraphs.length) continue;
    const label = titles.get(item.path);
    // A document the table of contents does not name continues the chapter before it (books are often
    // split into several files per chapter); without any table of contents each document is a chapter.
    const previous = chapters.at(-1);
    if (!label && titles.size && previous) previous.paragraphs.push(...paragraphs);
    else chapters.push({ title: label ?? firstHeading(html) ?? `${title} (${chapters.length + 1})`, paragraphs });
  }
  if (!chapters.length) throw new HttpError(400, M.noText);
  return { title, author, chapters };
}
