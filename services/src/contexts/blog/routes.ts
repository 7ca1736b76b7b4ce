import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { blogRoutes as r } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../platform/http/routes';
import type { App } from '../../platform/http/server';
import { BLOG_DATA_DIR } from './adapters/local/posts';
import { atomFeed } from './domain/feed';
import type { BlogQueries } from './queries';

export interface BlogRouteDeps {
  host: RouteHost;
  queries: BlogQueries;
  /** The public origin the feed's links point at. */
  appUrl: string;
}

const FEED_SIZE = 20;
/** Posts change rarely and are the same for everyone: let browsers and CDNs keep them a minute. */
const PUBLIC_CACHE = 'public, max-age=60';

/** The blog's public reads: pages of posts, one post, tags, the Atom feed and the embedded posts' images. */
export function blogRoutes(app: App, d: BlogRouteDeps): void {
  const { host, queries } = d;

  registerRoute(app, host, r.listBlogPosts, async ({ query, reply }) => {
    const page = await queries.page({ limit: query.limit, skip: query.skip, ...(query.tag ? { tag: query.tag } : {}) });
    reply.header('cache-control', PUBLIC_CACHE);
    return page;
  });

  registerRoute(app, host, r.getBlogPost, async ({ params, reply }) => {
    const post = await queries.post(params.slug);
    reply.header('cache-control', PUBLIC_CACHE);
    return post;
  });

  registerRoute(app, host, r.listBlogTags, async () => ({ tags: await queries.tags() }));

  registerRoute(app, host, r.blogFeed, async ({ reply }) => {
    const { posts } = await queries.page({ limit: FEED_SIZE, skip: 0 });
    reply.header('content-type', 'application/atom+xml; charset=utf-8').header('cache-control', PUBLIC_CACHE);
    return Buffer.from(atomFeed(posts, d.appUrl.replace(/\/+$/, '')));
  });

  registerRoute(app, host, r.blogImage, async ({ params, reply }) => {
    // The name is checked by the route's schema (lower-case words, .svg), so it cannot leave the folder.
    const bytes = await readFile(path.join(BLOG_DATA_DIR, 'images', params.name)).catch(() => undefined);
    if (!bytes) throw new HttpError(404, 'Image not found');
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=3600');
    return bytes;
  });
}
