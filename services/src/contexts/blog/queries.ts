import { BLOG_MESSAGES, type BlogPost, type BlogPostSummary } from '@verba/contracts';
import { HttpError } from '../../platform/http/problem';
import type { Logger } from '../../platform/logger';
import { ContentUnavailable, type BlogContent, type CmsPost } from './adapters/port';
import { readingMinutes, renderMarkdown } from '../../platform/markdown';

const LANGUAGES = new Set(['de', 'fr', 'es', 'ru']);

function summaryOf(p: CmsPost): BlogPostSummary {
  return {
    slug: p.slug,
    title: p.title,
    description: p.description,
    image: p.image ? { url: p.image.url, alt: p.image.description ?? '' } : null,
    date: p.date.slice(0, 10),
    tag: p.tag,
    language: p.language && LANGUAGES.has(p.language) ? (p.language as BlogPostSummary['language']) : null,
    readingMinutes: readingMinutes(p.body),
  };
}

/** Reads of the blog: the content port's posts as the contracts' shapes, rich content rendered and sanitized. */
export class BlogQueries {
  constructor(
    private readonly content: BlogContent,
    private readonly log: Logger,
  ) {}

  /** A failing content service is a 502 with the blog's own message; the cause goes to the log only. */
  private async guarded<T>(what: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof ContentUnavailable)) throw error;
      this.log.warn({ err: error.message, adapter: this.content.name }, `blog: ${what} failed`);
      throw new HttpError(502, BLOG_MESSAGES.unavailable);
    }
  }

  async page(q: { limit: number; skip: number; tag?: string }): Promise<{ posts: BlogPostSummary[]; total: number }> {
    const page = await this.guarded('posts', () => this.content.posts(q));
    return { posts: page.items.map(summaryOf), total: page.total };
  }

  async post(slug: string): Promise<BlogPost> {
    const post = await this.guarded('post', () => this.content.post(slug));
    if (!post) throw new HttpError(404, BLOG_MESSAGES.notFound);
    return { ...summaryOf(post), html: renderMarkdown(post.body) };
  }

  async tags(): Promise<string[]> {
    return this.guarded('tags', () => this.content.tags());
  }
}
