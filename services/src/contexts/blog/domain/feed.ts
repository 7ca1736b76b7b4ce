import type { BlogPostSummary } from '@verba/contracts';

/** The public blog's paths in the web app (the shell's PUBLIC_PAGES has the same). */
export const BLOG_PATH = '/blog';

const TITLE = 'The Verba blog';
const SUBTITLE = 'Reading-first language learning: German, French, Spanish and Russian.';

/** What XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF), which a CMS text may. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute value: markup, `]]>` and `&` in it stay text. */
const xmlText = (text: string) => text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const attributes = (attrs: Record<string, string | undefined>) =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
    .join('');
const element = (name: string, text: string, attrs: Record<string, string | undefined> = {}) =>
  `<${name}${attributes(attrs)}>${xmlText(text)}</${name}>`;
const emptyElement = (name: string, attrs: Record<string, string | undefined>) => `<${name}${attributes(attrs)}/>`;

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** A post's picture as an absolute http(s) address, or nothing (a CMS could hold a javascript: or data: URL). */
function imageLink(url: string, origin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const type = IMAGE_TYPES[parsed.pathname.split('.').pop()?.toLowerCase() ?? ''];
  return emptyElement('link', { rel: 'enclosure', href: parsed.href, type });
}

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`).toISOString();

/**
 * An Atom 1.0 feed of the newest posts, linking to their public pages on `origin`. Titles and summaries are
 * `type="text"`: whatever a CMS author typed, feed readers show it as text and never render it as HTML.
 */
export function atomFeed(posts: readonly BlogPostSummary[], origin: string): string {
  const home = `${origin}${BLOG_PATH}`;
  const entries = posts.map((p) => {
    const page = `${home}/${encodeURIComponent(p.slug)}`;
    const image = p.image ? imageLink(p.image.url, origin) : undefined;
    return [
      '  <entry>',
      `    ${element('id', page)}`,
      `    ${element('title', p.title, { type: 'text' })}`,
      `    ${emptyElement('link', { href: page })}`,
      `    ${element('updated', dayStart(p.date))}`,
      `    ${element('summary', p.description, { type: 'text' })}`,
      `    ${emptyElement('category', { term: p.tag })}`,
      ...(image ? [`    ${image}`] : []),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  ${element('id', home)}`,
    `  ${element('title', TITLE)}`,
    `  ${element('subtitle', SUBTITLE)}`,
    `  ${element('updated', posts[0] ? dayStart(posts[0].date) : new Date().toISOString())}`,
    `  ${emptyElement('link', { rel: 'alternate', href: home })}`,
    `  ${emptyElement('link', { rel: 'self', href: `${origin}/api/blog/feed.xml` })}`,
    // Atom wants an author for the feed when its entries name none.
    '  <author><name>Verba</name></author>',
    `  ${element('rights', 'Verba')}`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
