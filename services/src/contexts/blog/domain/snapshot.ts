import type { BlogPost, BlogPostSummary } from '@verba/contracts';
import { loadConfig } from '../../../platform/config';
import { createLogger } from '../../../platform/logger';
import { createGraphqlBlog } from '../adapters/graphql';
import { startLocalBlogEndpoint } from '../adapters/local/server';
import { BlogQueries } from '../queries';

export interface BlogSnapshot {
  /** The landing page's first page of posts. */
  page: { posts: BlogPostSummary[]; total: number };
  tags: string[];
  /** Every post, whole: each gets a prerendered page. */
  posts: BlogPost[];
}

/**
 * The blog as the build sees it, for the shell's prerender (shell/scripts/prerender.mjs runs this through
 * tsx and reads the JSON it prints): the hosted CMS when BLOG_GRAPHQL_URL is set, else the embedded posts.
 * Posts published later are not prerendered; the browser fetches them.
 */
export async function blogSnapshot(firstPage: number): Promise<BlogSnapshot> {
  const config = loadConfig(process.env);
  const local = config.BLOG_GRAPHQL_URL ? undefined : await startLocalBlogEndpoint();
  try {
    const content = createGraphqlBlog({
      url: config.BLOG_GRAPHQL_URL ?? local!.url,
      ...(config.BLOG_GRAPHQL_TOKEN ? { token: config.BLOG_GRAPHQL_TOKEN } : {}),
    });
    const queries = new BlogQueries(content, createLogger('warn', 'blog-snapshot', process.stderr as never));
    const page = await queries.page({ limit: firstPage, skip: 0 });
    const all = await queries.page({ limit: 1000, skip: 0 });
    const posts = await Promise.all(all.posts.map((p) => queries.post(p.slug)));
    return { page, tags: await queries.tags(), posts };
  } finally {
    await local?.close();
  }
}
