// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOG_MESSAGES } from '@verba/contracts';
import { ArticleSummarySchema } from '@verba/contracts/http';
import { queryClient } from '@verba/kit/query';
import { PublicPage } from '../public/PublicPage';
import { AppBlogPage } from './AppBlogPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, detail: string) =>
  json({ type: 'about:blank', title: 'Bad Gateway', status, detail, message: detail }, status);
const post = (n: number, tag = 'Method') => ({
  slug: `post-${n}`,
  title: `Post number ${n}`,
  description: `About ${n}`,
  image: null,
  date: `2026-01-${String(10 + n).padStart(2, '0')}`,
  tag,
  language: null,
  readingMinutes: 3,
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the public blog page', () => {
  it('pages with "Show more posts" (skip) and filters by tag from the first page', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.startsWith('/api/blog/tags')) return json({ tags: ['German', 'Method'] });
        if (url.includes('tag=German')) return json({ posts: [post(9, 'German')], total: 1 });
        if (url.includes('skip=6')) return json({ posts: [post(7)], total: 7 });
        return json({ posts: [1, 2, 3, 4, 5, 6].map((n) => post(n)), total: 7 });
      }),
    );
    render(<PublicPage page="blog" path="/blog" />);
    expect(await screen.findByRole('link', { name: 'Post number 6' })).toBeTruthy();
    expect(screen.getAllByText(/3 min read/)).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
    expect(await screen.findByRole('link', { name: 'Post number 7' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'German' }));
    expect(await screen.findByRole('link', { name: 'Post number 9' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Post number 1' })).toBeNull();
    expect(calls.some((c) => c.includes('tag=German') && c.includes('skip=0'))).toBe(true);
  });

  it('shows more posts by itself as the reader scrolls to the end of the list', async () => {
    // jsdom has no IntersectionObserver: this one lets the test say when the end comes into view.
    let reveal: () => void = () => {
      throw new Error('the list end is not observed yet');
    };
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          reveal = () => callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/blog/tags')) return json({ tags: [] });
        if (url.includes('skip=6')) return json({ posts: [post(7)], total: 7 });
        return json({ posts: [1, 2, 3, 4, 5, 6].map((n) => post(n)), total: 7 });
      }),
    );
    render(<PublicPage page="blog" path="/blog" />);
    await screen.findByRole('link', { name: 'Post number 6' });
    expect(screen.queryByRole('link', { name: 'Post number 7' })).toBeNull();
    await vi.waitFor(() => reveal());
    expect(await screen.findByRole('link', { name: 'Post number 7' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more posts' })).toBeNull();
  });

  it("says the CMS's failure in place and keeps the rest of the page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => problem(502, BLOG_MESSAGES.unavailable)),
    );
    render(<PublicPage page="blog" path="/blog" />);
    expect((await screen.findByRole('alert')).textContent).toBe(BLOG_MESSAGES.unavailable);
    expect(screen.getByRole('heading', { level: 1, name: 'Reading-first language learning' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pricing' })).toBeTruthy();
  });

  it('renders a post and sets its social card', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ ...post(1), image: { url: '/api/blog/images/x.svg', alt: 'A picture' }, html: '<h2>Inside</h2><p>Text</p>' }),
      ),
    );
    render(<PublicPage page="blog-post" path="/blog/post-1" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Inside' })).toBeTruthy();
    expect(document.title).toBe('Post number 1 | Verba blog');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://verba.app/api/blog/images/x.svg',
    );
  });
});

describe('a post in the app, with library articles to read next', () => {
  const article = (n: number, languageCode: string, name: string) =>
    ArticleSummarySchema.parse({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      name,
      languageCode,
      category: 'Travel',
      generalDifficulty: 'A2',
      totalWords: 100,
      authorDisplayName: 'Verba',
      creationDate: 0,
      averageRating: 0,
      ratings: 0,
      totalReads: 0,
      previewImgSrc: null,
      isPrivate: false,
      needApprove: false,
      isPremiumOnly: false,
      seriesId: null,
      seriesTitle: null,
      isAuthor: false,
      difficulty: 'Ideal',
    });
  const LIBRARY = [
    article(1, 'de', 'Ein Tag in Berlin'),
    article(2, 'fr', 'Un jour à Paris'),
    article(3, 'de', 'Der Hafen'),
    article(4, 'es', 'Un día en Madrid'),
  ];

  /** The blog's post and the library's public articles, filtered by language as the server does (all of them without one). */
  function mockServer(language: string | null) {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.startsWith('/api/blog/posts/')) return json({ ...post(1), language, html: '<p>Text</p>' });
        const wanted = new URL(url, 'http://verba.test').searchParams.get('languageCode');
        if (url.startsWith('/api/articles?'))
          return json({ articles: LIBRARY.filter((a) => !wanted || a.languageCode === wanted), page: 1, pageSize: 3, total: 0 });
        throw new Error(`unexpected ${url}`);
      }),
    );
    window.history.replaceState(null, '', '/app/blog/post-1');
    render(<AppBlogPage />);
    return urls;
  }

  it("lists public articles of the post's language under it, and none of another language", async () => {
    const urls = mockServer('de');
    const related = await screen.findByRole('complementary', { name: 'Read next in German' });
    expect(Array.from(related.querySelectorAll('a'), (a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Ein Tag in Berlin', `/app/library/${LIBRARY[0]!.id}`],
      ['Der Hafen', `/app/library/${LIBRARY[2]!.id}`],
    ]);
    expect(screen.queryByRole('link', { name: 'Un jour à Paris' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Un día en Madrid' })).toBeNull();
    expect(
      urls.filter((u) => u.startsWith('/api/articles?')).map((u) => new URL(u, 'http://verba.test').searchParams.get('scope')),
    ).toEqual(['public']);
  });

  it('asks the library for nothing when the post is about no one language', async () => {
    const urls = mockServer(null);
    await screen.findByRole('heading', { level: 1, name: 'Post number 1' });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(urls.some((u) => u.startsWith('/api/articles'))).toBe(false);
  });
});
