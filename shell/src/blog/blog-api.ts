import { client } from '@verba/kit';
import type { ArticleSummary, BlogPost, BlogPostSummary } from '@verba/contracts';

// Schema-free calls (client.send), as on every shell page: the public chunk carries no zod.
export interface PostPage {
  posts: BlogPostSummary[];
  total: number;
}

export const BLOG_PAGE_SIZE = 6;

export const fetchPosts = async (skip: number, tag?: string) => {
  const query = new URLSearchParams({ limit: String(BLOG_PAGE_SIZE), skip: String(skip), ...(tag ? { tag } : {}) });
  return (await client.send('GET', `/api/blog/posts?${query}`, { expireOn401: false })) as PostPage;
};

export const fetchTags = async () => ((await client.send('GET', '/api/blog/tags', { expireOn401: false })) as { tags: string[] }).tags;

export const fetchPost = async (slug: string) =>
  (await client.send('GET', `/api/blog/posts/${encodeURIComponent(slug)}`, { expireOn401: false })) as BlogPost;

/** Public library articles in the post's language, for "Read next" (signed-in only: the library needs a session). */
export const fetchRelatedArticles = async (languageCode: string) =>
  ((await client.send('GET', `/api/articles?languageCode=${languageCode}&scope=public&pageSize=3`)) as { articles: ArticleSummary[] })
    .articles;
