// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOG_MESSAGES } from '@verba/contracts';
import { PublicPage } from '../public/PublicPage';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, detail: string) => json({ type: 'about:blank', title: 'Bad Gateway', status, detail, message: detail }, status);
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

  it("says the CMS's failure in place and keeps the rest of the page", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => problem(502, BLOG_MESSAGES.unavailable)));
    render(<PublicPage page="blog" path="/blog" />);
    expect((await screen.findByRole('alert')).textContent).toBe(BLOG_MESSAGES.unavailable);
    expect(screen.getByRole('heading', { level: 1, name: 'Reading-first language learning' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pricing' })).toBeTruthy();
  });

  it('renders a post and sets its social card', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ ...post(1), image: { url: '/api/blog/images/x.svg', alt: 'A picture' }, html: '<h2>Inside</h2><p>Text</p>' })));
    render(<PublicPage page="blog-post" path="/blog/post-1" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Inside' })).toBeTruthy();
    expect(document.title).toBe('Post number 1 | Verba blog');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe('https://verba.app/api/blog/images/x.svg');
  });
});
