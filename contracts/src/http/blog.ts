import { z } from 'zod';
import { BytesSchema, defineRoute } from './route';

// ---- Blog (spec §3 Blog post: slug, title, description, image, date, tag, reading time, rich content) ----

export const BLOG_MESSAGES = {
  /** The content service failed or answered something unusable: the page says so and keeps working. */
  unavailable: 'The blog is unavailable right now. Please try again later.',
  notFound: 'Blog post not found',
} as const;

export const BLOG_PAGE_MAX = 24;
export const BLOG_PAGE_DEFAULT = 6;

const SlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, BLOG_MESSAGES.notFound)
  .max(120, BLOG_MESSAGES.notFound);
const TagSchema = z.string().trim().min(1).max(40, 'A tag has at most 40 letters');

export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
  /** ISO date (YYYY-MM-DD) the post was published. */
  date: z.string(),
  tag: z.string(),
  /** The learning language the post is about, when it is about one (related library articles follow it). */
  language: z.enum(['de', 'fr', 'es', 'ru']).nullable(),
  readingMinutes: z.number().int().min(1),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** A whole post: `html` is the rich content, already sanitized by the server (an allowlist of tags). */
export const BlogPostSchema = BlogPostSummarySchema.extend({ html: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const listBlogPosts = defineRoute({
  method: 'GET',
  path: '/api/blog/posts',
  access: 'public',
  summary: 'Blog posts, newest first, a page at a time (limit and skip), optionally of one tag',
  query: z.object({
    tag: TagSchema.optional(),
    limit: z.coerce.number().int().min(1).max(BLOG_PAGE_MAX).default(BLOG_PAGE_DEFAULT),
    skip: z.coerce.number().int().min(0).max(10_000).default(0),
  }),
  response: z.object({ posts: z.array(BlogPostSummarySchema), total: z.number().int().min(0) }),
  errors: { 502: BLOG_MESSAGES.unavailable },
});

export const getBlogPost = defineRoute({
  method: 'GET',
  path: '/api/blog/posts/:slug',
  access: 'public',
  summary: 'One blog post by its slug, with its sanitized rich content',
  params: z.object({ slug: SlugSchema }),
  response: BlogPostSchema,
  errors: { 404: BLOG_MESSAGES.notFound, 502: BLOG_MESSAGES.unavailable },
});

export const listBlogTags = defineRoute({
  method: 'GET',
  path: '/api/blog/tags',
  access: 'public',
  summary: 'The tags blog posts carry, in alphabetical order',
  response: z.object({ tags: z.array(z.string()) }),
  errors: { 502: BLOG_MESSAGES.unavailable },
});

export const blogFeed = defineRoute({
  method: 'GET',
  path: '/api/blog/feed.xml',
  access: 'public',
  summary: 'The blog as an Atom feed (the newest posts)',
  produces: ['application/atom+xml'],
  response: BytesSchema.meta({ description: 'An Atom 1.0 document' }),
  errors: { 502: BLOG_MESSAGES.unavailable },
});

export const blogImage = defineRoute({
  method: 'GET',
  path: '/api/blog/images/:name',
  access: 'public',
  summary: "An image of the embedded blog's posts (the hosted CMS serves its own from its asset host)",
  params: z.object({ name: z.string().regex(/^[a-z0-9-]+\.svg$/, 'Image not found') }),
  produces: ['image/svg+xml'],
  response: BytesSchema.meta({ description: 'An SVG image' }),
  errors: { 404: 'Image not found' },
});

export const blogRoutes = { listBlogPosts, getBlogPost, listBlogTags, blogFeed, blogImage };
