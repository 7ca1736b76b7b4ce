import { client, readRoute } from '@verba/kit';
import { getBlogPost, listArticles, listBlogPosts, listBlogTags } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import type { z } from 'zod';

// The blog is public: a 401 here is an answer, not an expired session.
const guest = { expireOn401: false } as const;

export type PostPage = z.output<(typeof listBlogPosts)['response']>;

export const BLOG_PAGE_SIZE = 6;

export const fetchPosts = (skip: number, tag?: string) =>
  client.call(listBlogPosts, { query: { limit: BLOG_PAGE_SIZE, skip, ...(tag ? { tag } : {}) }, ...guest });

export const fetchTags = async () => (await client.call(listBlogTags, guest)).tags;

export const fetchPost = (slug: string) => client.call(getBlogPost, { params: { slug }, ...guest });

/** Public library articles in the post's language, for "Read next" (signed-in only: the library needs a session). */
export const fetchRelatedArticles = async (languageCode: LearningLanguage) =>
  (await readRoute(listArticles, { query: { languageCode, scope: 'public', pageSize: 3 } })).articles;
