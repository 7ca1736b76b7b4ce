import { ContentUnavailable, type BlogContent, type CmsPost, type PostPage } from './port';

/**
 * The content port over GraphQL in Contentful's query shape (a `blogPost` content type, so the
 * collection is `blogPostCollection(order, limit, skip, where)` with `total` and `items`, the image an
 * Asset with `url` and `description`). The embedded endpoint (local/server.ts) answers the same queries.
 */
const FIELDS = 'slug title description date tag language body image { url description }';
const POSTS = `query Posts($limit: Int!, $skip: Int!, $where: BlogPostFilter) {
  blogPostCollection(order: date_DESC, limit: $limit, skip: $skip, where: $where) { total items { ${FIELDS} } }
}`;
const BY_SLUG = `query PostBySlug($slug: String!) {
  blogPostCollection(limit: 1, where: { slug: $slug }) { items { ${FIELDS} } }
}`;
const TAGS = `query Tags { blogPostCollection(limit: 1000) { items { tag } } }`;

export interface GraphqlBlogOptions {
  url: string;
  /** Sent as a bearer token (Contentful's Content Delivery API token); never logged. */
  token?: string;
  timeoutMs?: number;
}

export function createGraphqlBlog({ url, token, timeoutMs = 5000 }: GraphqlBlogOptions): BlogContent {
  async function query<T>(text: string, variables: Record<string, unknown>): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query: text, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ContentUnavailable(`content service unreachable: ${(error as Error).message}`);
    }
    const payload = (await response.json().catch(() => undefined)) as { data?: T; errors?: { message: string }[] } | undefined;
    if (!response.ok || !payload || payload.errors?.length || !payload.data) {
      throw new ContentUnavailable(
        `content service answered ${response.status}: ${payload?.errors?.map((e) => e.message).join('; ') ?? 'no data'}`,
      );
    }
    return payload.data;
  }

  type Collection = { blogPostCollection: PostPage | null };
  const collection = (data: Collection) => {
    if (!data.blogPostCollection || !Array.isArray(data.blogPostCollection.items))
      throw new ContentUnavailable('no blogPostCollection in the answer');
    return data.blogPostCollection;
  };

  return {
    name: 'graphql',
    async posts({ limit, skip, tag }) {
      const page = collection(await query<Collection>(POSTS, { limit, skip, where: tag ? { tag } : {} }));
      return { items: page.items, total: page.total };
    },
    async post(slug): Promise<CmsPost | undefined> {
      return collection(await query<Collection>(BY_SLUG, { slug })).items[0];
    },
    async tags() {
      const items = collection(await query<Collection>(TAGS, {})).items;
      return [...new Set(items.map((i) => i.tag))].sort((a, b) => a.localeCompare(b));
    },
  };
}
