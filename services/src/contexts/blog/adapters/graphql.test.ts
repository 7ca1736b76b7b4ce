import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphqlBlog } from './graphql';
import { startLocalBlogEndpoint, type LocalBlogEndpoint } from './local/server';
import { readMarkdownPosts } from './local/posts';
import { ContentUnavailable, type CmsPost } from './port';

const post = (slug: string, date: string, tag = 'Method'): CmsPost => ({
  slug,
  title: `Title ${slug}`,
  description: `About ${slug}`,
  image: null,
  date,
  tag,
  language: null,
  body: `Body of ${slug}`,
});
// Deliberately out of order: the endpoint must order by date, newest first.
const POSTS = [post('b', '2026-02-01'), post('d', '2026-04-01', 'German'), post('a', '2026-01-01', 'German'), post('c', '2026-03-01')];

describe('the GraphQL content adapter against the embedded endpoint (graphql-yoga)', () => {
  let endpoint: LocalBlogEndpoint;
  beforeAll(async () => {
    endpoint = await startLocalBlogEndpoint(POSTS);
  });
  afterAll(async () => endpoint?.close());
  const blog = () => createGraphqlBlog({ url: endpoint.url });

  it('lists posts by date, newest first, with the total', async () => {
    const page = await blog().posts({ limit: 10, skip: 0 });
    expect(page.items.map((p) => p.slug)).toEqual(['d', 'c', 'b', 'a']);
    expect(page.total).toBe(4);
  });

  it('pages with limit and skip', async () => {
    expect((await blog().posts({ limit: 2, skip: 0 })).items.map((p) => p.slug)).toEqual(['d', 'c']);
    expect((await blog().posts({ limit: 2, skip: 2 })).items.map((p) => p.slug)).toEqual(['b', 'a']);
    expect((await blog().posts({ limit: 2, skip: 4 })).items).toEqual([]);
  });

  it('filters by tag, still newest first, with the tag total', async () => {
    const page = await blog().posts({ limit: 1, skip: 0, tag: 'German' });
    expect(page.items.map((p) => p.slug)).toEqual(['d']);
    expect(page.total).toBe(2);
  });

  it('finds one post by slug, and nothing for an unknown slug', async () => {
    expect(await blog().post('b')).toEqual(POSTS[0]);
    expect(await blog().post('nope')).toBeUndefined();
  });

  it('lists the distinct tags in order', async () => {
    expect(await blog().tags()).toEqual(['German', 'Method']);
  });

  it('serves the repository posts: at least six, valid, in the four languages', async () => {
    const posts = readMarkdownPosts();
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(posts.map((p) => p.language).filter(Boolean))).toEqual(new Set(['de', 'fr', 'es', 'ru']));
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);
  });
});

describe('a failing content service', () => {
  it('is ContentUnavailable when nothing listens', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    await expect(createGraphqlBlog({ url: `http://127.0.0.1:${port}/graphql` }).posts({ limit: 1, skip: 0 })).rejects.toBeInstanceOf(
      ContentUnavailable,
    );
  });

  it('is ContentUnavailable when the CMS answers GraphQL errors, and sends the token as a bearer token', async () => {
    let authorization: string | undefined;
    const server = createServer((req, res) => {
      authorization = req.headers.authorization;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'Query cannot be executed' }] }));
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      await expect(createGraphqlBlog({ url: `http://127.0.0.1:${port}/`, token: 'cda-token' }).tags()).rejects.toBeInstanceOf(
        ContentUnavailable,
      );
      expect(authorization).toBe('Bearer cda-token');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
