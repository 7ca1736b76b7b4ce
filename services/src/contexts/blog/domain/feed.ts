import { Feed } from 'feed';
import type { BlogPostSummary } from '@verba/contracts';

/** The public blog's paths in the web app (the shell's PUBLIC_PAGES has the same). */
export const BLOG_PATH = '/blog';

/** An Atom 1.0 feed of the newest posts, linking to their public pages on `origin`. */
export function atomFeed(posts: readonly BlogPostSummary[], origin: string): string {
  const feed = new Feed({
    title: 'The Verba blog',
    description: 'Reading-first language learning: German, French, Spanish and Russian.',
    id: `${origin}${BLOG_PATH}`,
    link: `${origin}${BLOG_PATH}`,
    language: 'en',
    copyright: 'Verba',
    feedLinks: { atom: `${origin}/api/blog/feed.xml` },
    ...(posts[0] ? { updated: new Date(`${posts[0].date}T00:00:00Z`) } : {}),
  });
  for (const p of posts) {
    feed.addItem({
      title: p.title,
      id: `${origin}${BLOG_PATH}/${p.slug}`,
      link: `${origin}${BLOG_PATH}/${p.slug}`,
      description: p.description,
      date: new Date(`${p.date}T00:00:00Z`),
      category: [{ name: p.tag }],
      ...(p.image ? { image: new URL(p.image.url, origin).href } : {}),
    });
  }
  return feed.atom1();
}
