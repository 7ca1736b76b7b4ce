import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { BLOG_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule } from '../../../test-support/platform/test-auth';
import { startLocalBlogEndpoint, type LocalBlogEndpoint } from './adapters/local/server';
import { blogModule } from './module';

const database = await preferredTestDatabase();

/** Parses `xml` as a conforming XML 1.0 parser does: throws at the first well-formedness error. */
const wellFormed = (xml: string) => {
  new SaxesParser().write(xml).close();
  return true;
};

describe(`blog routes on ${database.label} (the embedded GraphQL endpoint over the repository's posts)`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, blogModule]);
  });
  afterAll(async () => t?.close());
  const get = (url: string) => t.agent().request({ method: 'GET', url });

  it('pages the posts newest first for anyone, with reading time and image', async () => {
    const first = await get('/api/blog/posts?limit=2');
    expect(first.statusCode).toBe(200);
    const { posts, total } = first.json() as {
      posts: { slug: string; date: string; readingMinutes: number; image: { url: string } | null }[];
      total: number;
    };
    expect(total).toBeGreaterThanOrEqual(6);
    expect(posts).toHaveLength(2);
    expect(posts[0]!.date >= posts[1]!.date).toBe(true);
    expect(posts[0]!.readingMinutes).toBeGreaterThanOrEqual(1);
    const second = (await get('/api/blog/posts?limit=2&skip=2')).json() as { posts: { slug: string; date: string }[] };
    expect(second.posts[0]!.date <= posts[1]!.date).toBe(true);
    expect(second.posts.map((p) => p.slug)).not.toContain(posts[0]!.slug);
    const image = await get(posts[0]!.image!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
  });

  it('filters by tag and lists the tags', async () => {
    const { tags } = (await get('/api/blog/tags')).json() as { tags: string[] };
    expect(tags).toEqual(expect.arrayContaining(['German', 'French', 'Spanish', 'Russian', 'Method']));
    const { posts } = (await get('/api/blog/posts?tag=Method')).json() as { posts: { tag: string }[] };
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(posts.every((p) => p.tag === 'Method')).toBe(true);
  });

  it('serves one post with its rendered content, and a clear 404 for an unknown slug', async () => {
    const res = await get('/api/blog/posts/french-false-friends');
    expect(res.statusCode).toBe(200);
    const post = res.json() as { html: string; language: string };
    expect(post.language).toBe('fr');
    expect(post.html).toContain('<table>');
    const missing = await get('/api/blog/posts/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(BLOG_MESSAGES.notFound);
  });

  it('refuses bad paging with a clear message', async () => {
    const res = await get('/api/blog/posts?limit=500');
    expect(res.statusCode).toBe(400);
  });

  it('publishes an Atom feed linking to the public post pages', async () => {
    const res = await get('/api/blog/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/atom+xml');
    expect(res.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(wellFormed(res.body)).toBe(true);
    expect(res.body).toMatch(/<link href="[^"]*\/blog\/spaced-repetition-for-readers"/);
  });
});

describe('a post from the CMS with markup meant to run', () => {
  let t: TestApp;
  let cms: LocalBlogEndpoint;
  const body = [
    'Ein Wort vorab.',
    '<script>document.title = "pwned"</script>',
    '<img src="https://images.example/hallo.png" onerror="alert(1)">',
    '[Click me](javascript:alert(1)), <a href="JaVaScRiPt:alert(2)">this</a> and <a href="https://verba.app/" onclick="alert(3)">Verba</a>.',
    '<iframe src="https://evil.example/"></iframe><style>body { display: none }</style>',
  ].join('\n\n');
  beforeAll(async () => {
    // A hosted CMS as the blog sees one: its GraphQL endpoint answers this post.
    cms = await startLocalBlogEndpoint([
      {
        slug: 'hostile',
        title: '<script>alert(4)</script>',
        description: 'Markup',
        image: null,
        date: '2026-05-01',
        tag: 'German',
        language: 'de',
        body,
      },
      // Aimed at the feed: CDATA ends, entities, a control character, markup in the tag, a javascript: picture.
      {
        slug: 'feed-breaker',
        title: 'Tom & Jerry ]]><script>alert(5)</script> ]]> "quoted"\u0001',
        description: '<img src=x onerror="alert(6)"> &amp; <![CDATA[ raw ]]> & more',
        image: { url: 'javascript:alert(7)', description: '"><script>alert(8)</script>' },
        date: '2026-04-30',
        tag: '<b onmouseover="alert(9)">Tips</b>',
        language: null,
        body: '<script>alert(10)</script> The body.',
      },
    ]);
    t = await createTestApp(await database.create(), [testAuthModule, blogModule], { env: { BLOG_GRAPHQL_URL: cms.url } });
  });
  afterAll(async () => {
    await t?.close();
    await cms?.close();
  });

  it('serves it inert: no script, handler, javascript: link, frame or style survives; the text and safe markup do', async () => {
    const res = await t.agent().request({ method: 'GET', url: '/api/blog/posts/hostile' });
    expect(res.statusCode, res.body).toBe(200);
    const { html, title } = res.json() as { html: string; title: string };
    expect(html).not.toMatch(/<script|<iframe|<style|\son\w+=|javascript:/i);
    expect(html).not.toContain('pwned');
    expect(html).toContain('<p>Ein Wort vorab.</p>');
    expect(html).toContain('<img alt="" src="https://images.example/hallo.png" />');
    expect(html).toContain('<a href="https://verba.app/" rel="noopener noreferrer nofollow">Verba</a>');
    // The javascript: links keep their words, without a target.
    expect(html).toContain('<a rel="noopener noreferrer nofollow">Click me</a>, <a rel="noopener noreferrer nofollow">this</a>');
    // The title is plain text: the pages render it as text, never as HTML.
    expect(title).toBe('<script>alert(4)</script>');
  });

  it('puts titles, summaries and tags in the Atom feed as text, in a document that stays valid XML', async () => {
    const res = await t.agent().request({ method: 'GET', url: '/api/blog/feed.xml' });
    expect(res.statusCode).toBe(200);
    expect(wellFormed(res.body)).toBe(true);
    // Nothing in the document is markup but Atom's own: no CDATA a title could end, no element the posts brought.
    expect(res.body).not.toMatch(/<!\[CDATA\[|<script|<img|<b[\s>]|javascript:/i);
    expect(res.body).not.toContain('\u0001'); // XML 1.0 cannot hold it
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(res.body).feed;
    const entries = feed.entry as {
      title: { '#text': string; type: string };
      summary: { '#text': string; type: string };
      category: { term: string };
      link: { href: string; rel?: string } | { href: string; rel?: string }[];
    }[];
    const [hostile, breaker] = entries;
    // Feed readers show type="text" as it is: the words the author typed, never live markup.
    expect(hostile!.title).toEqual({ '#text': '<script>alert(4)</script>', type: 'text' });
    expect(breaker!.title).toEqual({ '#text': 'Tom & Jerry ]]><script>alert(5)</script> ]]> "quoted"', type: 'text' });
    expect(breaker!.summary).toEqual({ '#text': '<img src=x onerror="alert(6)"> &amp; <![CDATA[ raw ]]> & more', type: 'text' });
    expect(breaker!.category.term).toBe('<b onmouseover="alert(9)">Tips</b>');
    // Its only link is its page: the javascript: picture is left out.
    expect(breaker!.link).toEqual({ href: expect.stringMatching(/\/blog\/feed-breaker$/) });
    expect(res.body).not.toContain('alert(10)'); // the body is not in the feed at all
  });
});

describe('blog routes when the CMS is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every query fails to connect.
    t = await createTestApp(await database.create(), [testAuthModule, blogModule], {
      env: { BLOG_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' },
    });
  });
  afterAll(async () => t?.close());

  it('answers 502 with the blog message, no internals', async () => {
    for (const url of ['/api/blog/posts', '/api/blog/posts/why-reading-first', '/api/blog/tags', '/api/blog/feed.xml']) {
      const res = await t.agent().request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(502);
      expect(res.json().detail).toBe(BLOG_MESSAGES.unavailable);
      expect(res.body).not.toContain('127.0.0.1');
    }
  });
});
