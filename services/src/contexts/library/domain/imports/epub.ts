import { posix } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import {
  IMPORT_ARTICLES_MAX,
  IMPORT_BOOK_FILES_MAX,
  IMPORT_BOOK_UNZIPPED_MAX,
  IMPORT_MESSAGES as M,
  IMPORT_PART_MAX,
} from '@verba/contracts';
import { Refused } from '../../../../platform/untrusted/refused';
import { BudgetedZip, ZipProblem } from '../../../../platform/untrusted/zip';
import { readHtml } from './html-text';

/**
 * An EPUB book read as chapters of text: the zip's META-INF/container.xml names the package (OPF), whose
 * spine gives the reading order and whose table of contents (EPUB 3 nav or EPUB 2 NCX) the chapter titles.
 * Runs on the untrusted pool (see jobs.ts): every budget here is a refusal with a message, never a stall.
 */
export interface Book {
  title: string;
  author: string;
  chapters: { title: string; paragraphs: string[] }[];
}

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
const textOf = (v: unknown): string =>
  (typeof v === 'string' || typeof v === 'number' ? String(v) : v && typeof v === 'object' ? textOf((v as Node)['#text']) : '').trim();
const decoder = new TextDecoder('utf-8');

/**
 * Package files need no DOCTYPE; one with an internal subset could declare entities that expand without
 * bound. A simple one is dropped; any DOCTYPE or entity declaration left after that refuses the book.
 */
function parseXml(bytes: Uint8Array): Node {
  const text = decoder.decode(bytes).replace(/<!DOCTYPE[^>[]*>/gi, '');
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new Refused(400, M.notEpub);
  try {
    return xml.parse(text) as Node;
  } catch {
    throw new Refused(400, M.notEpub);
  }
}

function openZip(bytes: Uint8Array): BudgetedZip {
  try {
    return new BudgetedZip(bytes, { entriesMax: IMPORT_BOOK_FILES_MAX, unzippedMax: IMPORT_BOOK_UNZIPPED_MAX });
  } catch (error) {
    throw refusalOf(error);
  }
}

function refusalOf(error: unknown): unknown {
  if (!(error instanceof ZipProblem)) return error;
  if (error.reason === 'too-many-entries') return new Refused(413, M.bookTooManyFiles);
  if (error.reason === 'too-large') return new Refused(413, M.bookTooLarge);
  return new Refused(400, M.notEpub);
}

function read(zip: BudgetedZip, name: string): Uint8Array | undefined {
  try {
    return zip.read(name);
  } catch (error) {
    throw refusalOf(error);
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

/** Chapter titles by document path, from the EPUB 3 navigation document (its toc nav, else the first). */
function navTitles(html: string, navPath: string): Map<string, string> {
  const { navs } = readHtml(html, M.tooDeep);
  const toc = navs.find((n) => n.toc) ?? navs[0];
  const titles = new Map<string, string>();
  for (const { href, label } of toc?.links ?? []) {
    const path = resolve(navPath, href);
    if (!titles.has(path)) titles.set(path, label);
  }
  return titles;
}

/** Chapter titles by document path, from the EPUB 2 NCX (walked with a stack: hostile nesting cannot overflow it). */
function ncxTitles(ncx: Node, ncxPath: string): Map<string, string> {
  const titles = new Map<string, string>();
  const stack = list(((ncx['ncx'] as Node | undefined)?.['navMap'] as Node | undefined)?.['navPoint']).reverse();
  while (stack.length) {
    const point = stack.pop()!;
    const label = textOf((point['navLabel'] as Node | undefined)?.['text']);
    const src = (point['content'] as Node | undefined)?.['@_src'];
    if (label && typeof src === 'string') {
      const path = resolve(ncxPath, src);
      if (!titles.has(path)) titles.set(path, label);
    }
    stack.push(...list(point['navPoint']).reverse());
  }
  return titles;
}

/**
 * Refuses as soon as the chapters read so far must make more articles than one import may: each chapter
 * is at least one article, and an article holds at most IMPORT_PART_MAX letters.
 */
function checkArticleCount(chapters: Book['chapters'], letters: number): void {
  if (chapters.length > IMPORT_ARTICLES_MAX || letters > IMPORT_ARTICLES_MAX * IMPORT_PART_MAX) throw new Refused(400, M.tooManyArticles);
}

/** Reads a book; throws the import's messages for a file that is not an EPUB, has no text or breaks a budget. */
export function readEpub(bytes: Uint8Array, fallbackTitle: string): Book {
  if (bytes.length === 0) throw new Refused(400, M.emptyFile);
  const zip = openZip(bytes);
  const container = read(zip, 'META-INF/container.xml');
  if (!container) throw new Refused(400, M.notEpub);
  const rootfile = list(((parseXml(container)['container'] as Node | undefined)?.['rootfiles'] as Node | undefined)?.['rootfile'])[0];
  const opfPath = typeof rootfile?.['@_full-path'] === 'string' ? rootfile['@_full-path'] : undefined;
  const opfBytes = opfPath ? read(zip, opfPath) : undefined;
  if (!opfPath || !opfBytes) throw new Refused(400, M.notEpub);
  const pkg = parseXml(opfBytes)['package'] as Node | undefined;
  if (!pkg || typeof pkg !== 'object') throw new Refused(400, M.notEpub);

  const metadata = (pkg['metadata'] as Node | undefined) ?? {};
  const title = list(metadata['title']).map(textOf).find(Boolean) ?? fallbackTitle;
  const author = list(metadata['creator']).map(textOf).find(Boolean) ?? '';
  const items = new Map(
    list((pkg['manifest'] as Node | undefined)?.['item']).map((item) => [
      String(item['@_id']),
      {
        path: resolve(opfPath, String(item['@_href'] ?? '')),
        type: String(item['@_media-type'] ?? ''),
        properties: String(item['@_properties'] ?? ''),
      },
    ]),
  );
  const spine = (pkg['spine'] as Node | undefined) ?? {};
  // A document the spine lists twice (or 300 times) is read once, in its first place.
  const seen = new Set<string>();
  const order = list(spine['itemref'])
    .filter((ref) => ref['@_linear'] !== 'no')
    .map((ref) => items.get(String(ref['@_idref'])))
    .filter(
      (item): item is NonNullable<typeof item> =>
        item !== undefined && XHTML.has(item.type) && !seen.has(item.path) && !!seen.add(item.path),
    );

  const nav = [...items.values()].find((item) => item.properties.split(/\s+/).includes('nav'));
  const ncx = items.get(String(spine['@_toc'] ?? '')) ?? [...items.values()].find((item) => item.type === 'application/x-dtbncx+xml');
  let titles = new Map<string, string>();
  const navBytes = nav && read(zip, nav.path);
  if (nav && navBytes) titles = navTitles(decoder.decode(navBytes), nav.path);
  const ncxBytes = !titles.size && ncx ? read(zip, ncx.path) : undefined;
  if (ncx && ncxBytes) titles = ncxTitles(parseXml(ncxBytes), ncx.path);

  const chapters: Book['chapters'] = [];
  let letters = 0;
  for (const item of order) {
    const doc = read(zip, item.path);
    if (!doc) continue;
    const { paragraphs, heading } = readHtml(decoder.decode(doc), M.tooDeep);
    if (!paragraphs.length) continue;
    const label = titles.get(item.path);
    // A document the table of contents does not name continues the chapter before it (books are often
    // split into several files per chapter); without any table of contents each document is a chapter.
    const previous = chapters.at(-1);
    if (!label && titles.size && previous) previous.paragraphs.push(...paragraphs);
    else chapters.push({ title: label ?? heading ?? `${title} (${chapters.length + 1})`, paragraphs });
    letters += paragraphs.reduce((sum, p) => sum + p.length, 0);
    checkArticleCount(chapters, letters);
  }
  if (!chapters.length) throw new Refused(400, M.noText);
  return { title, author, chapters };
}
