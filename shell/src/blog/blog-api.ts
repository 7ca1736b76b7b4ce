import { fetchRoute, keepPrevious, useRouteQuery } from '@verba/kit/query';
import { getBlogPost, listArticles, listBlogPosts, listBlogTags } from '@verba/contracts/http';
import type { BlogPost, LearningLanguage } from '@verba/contracts';
import type { z } from 'zod';

// The blog is public: a 401 here is an answer, not an expired session.
const guest = { expireOn401: false } as const;
/** A failing content service is said at once, in place (the reader can move on or come back). */
const once = { retry: false } as const;

export type PostPage = z.output<(typeof listBlogPosts)['response']>;

export const BLOG_PAGE_SIZE = 6;

const page = (skip: number, tag: string | undefined) => ({ query: { limit: BLOG_PAGE_SIZE, skip, ...(tag ? { tag } : {}) }, ...guest });

/** The first page of posts (of a tag), newest first; the previous list stays on screen while another tag loads. */
export const useFirstPosts = (tag: string | undefined, initial: PostPage | undefined) =>
  useRouteQuery(listBlogPosts, page(0, tag), {
    ...once,
    placeholderData: keepPrevious,
    ...(initial && !tag ? { initialData: initial } : {}),
  });

/** A further page ("Show more posts"), outside render. */
export const fetchPosts = (skip: number, tag: string | undefined) => fetchRoute(listBlogPosts, page(skip, tag));

export const useTags = (initial: string[] | undefined) =>
  useRouteQuery(listBlogTags, guest, { ...once, select: (data) => data.tags, ...(initial ? { initialData: { tags: initial } } : {}) });

/** One post (the prerendered one when it is the post asked for). */
export const usePost = (slug: string, initial: BlogPost | undefined) =>
  useRouteQuery(getBlogPost, { params: { slug }, ...guest }, { ...once, ...(initial?.slug === slug ? { initialData: initial } : {}) });

/** Public library articles in the post's language, for "Read next" (signed-in only: the library needs a session). */
export const useRelatedArticles = (languageCode: LearningLanguage | null) =>
  useRouteQuery(
    listArticles,
    { query: { languageCode: languageCode ?? 'de', scope: 'public', pageSize: 3 } },
    { ...once, enabled: languageCode !== null, select: (data) => data.articles },
  );
