/** A post as the content service holds it: the body is Markdown, rendered and sanitized by the blog. */
export interface CmsPost {
  slug: string;
  title: string;
  description: string;
  image: { url: string; description: string } | null;
  /** ISO date or date-time. */
  date: string;
  tag: string;
  language: string | null;
  body: string;
}

export interface PostPage {
  items: CmsPost[];
  total: number;
}

/** The content port: the queries spec §7 names (newest first, limit and skip), one post by slug, tags. */
export interface BlogContent {
  readonly name: string;
  posts(page: { limit: number; skip: number; tag?: string }): Promise<PostPage>;
  post(slug: string): Promise<CmsPost | undefined>;
  tags(): Promise<string[]>;
}

/** The content service failed or answered something unusable; the message is for the logs only. */
export class ContentUnavailable extends Error {}
