import type { BaseDeps, Module } from '../../platform/module';
import { createGraphqlBlog } from './adapters/graphql';
import { startLocalBlogEndpoint, type LocalBlogEndpoint } from './adapters/local/server';
import type { BlogContent } from './adapters/port';
import { BlogQueries } from './queries';
import { blogRoutes } from './routes';

/**
 * The hosted CMS when BLOG_GRAPHQL_URL is set (Contentful's GraphQL Content API shape, BLOG_GRAPHQL_TOKEN
 * as its delivery token); otherwise the embedded endpoint over the repository's Markdown posts.
 */
async function openContent(deps: BaseDeps): Promise<{ content: BlogContent; local?: LocalBlogEndpoint }> {
  const { config } = deps;
  if (config.BLOG_GRAPHQL_URL) {
    return {
      content: createGraphqlBlog({
        url: config.BLOG_GRAPHQL_URL,
        ...(config.BLOG_GRAPHQL_TOKEN ? { token: config.BLOG_GRAPHQL_TOKEN } : {}),
      }),
    };
  }
  const local = await startLocalBlogEndpoint();
  deps.log.info(`local blog GraphQL endpoint at ${local.url} (set BLOG_GRAPHQL_URL to use a hosted CMS)`);
  return { content: createGraphqlBlog({ url: local.url }), local };
}

/** Blog: posts from a headless CMS through the GraphQL content port; nothing of its own in the log. */
export const blogModule: Module = {
  name: 'blog',
  async routes(app, deps) {
    const { content, local } = await openContent(deps);
    if (local) app.addHook('onClose', async () => local.close());
    blogRoutes(app, { host: deps, queries: new BlogQueries(content, deps.log), appUrl: deps.appUrl });
  },
};
