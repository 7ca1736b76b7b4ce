import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthModule } from '../../../test-support/platform/test-auth';
import { blogModule } from './module';

const database = await preferredTestDatabase();

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
    const { posts, total } = first.json() as { posts: { slug: string; date: string; readingMinutes: number; image: { url: string } | null }[]; total: number };
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
    expect(res.body).toMatch(/<link href="[^"]*\/blog\/spaced-repetition-for-readers"/);
  });
});

describe('blog routes when the CMS is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every query fails to connect.
    t = await createTestApp(await database.create(), [testAuthModule, blogModule], { env: { BLOG_GRAPHQL_URL: 'http://127.0.0.1:9/graphql' } });
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
