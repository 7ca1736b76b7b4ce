import { useEffect, useState } from 'react';
import { Link, Spinner } from '@verba/kit';
import { LoadMore } from '../lists/LoadMore';
import type { BlogPostSummary } from '@verba/contracts';
import { fetchPosts, fetchTags, type PostPage } from './blog-api';
import { formatPostDate, readingTime } from './format';
import './blog.css';

export interface BlogListData {
  page: PostPage;
  tags: string[];
}

function PostCard({ post, base }: { post: BlogPostSummary; base: string }) {
  const href = `${base}/${post.slug}`;
  return (
    <li className="bg-card">
      {post.image ? (
        <img className="bg-card__image" src={post.image.url} alt={post.image.alt} width={1200} height={630} loading="lazy" />
      ) : null}
      <div className="bg-card__body">
        <p className="bg-meta">
          <span className="bg-tag">{post.tag}</span> · <time dateTime={post.date}>{formatPostDate(post.date)}</time> ·{' '}
          {readingTime(post.readingMinutes)}
        </p>
        <h2 className="bg-card__title">
          <Link href={href}>{post.title}</Link>
        </h2>
        <p>{post.description}</p>
      </div>
    </li>
  );
}

/**
 * Posts newest first, more as the reader scrolls (or presses "Show more posts": the next page with skip),
 * with a filter by tag. A failing content service is said in place; the rest of the page keeps working.
 */
export function BlogList({ base, initial }: { base: string; initial?: BlogListData }) {
  const [tag, setTag] = useState<string | undefined>();
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [posts, setPosts] = useState<BlogPostSummary[]>(initial?.page.posts ?? []);
  const [total, setTotal] = useState(initial?.page.total ?? 0);
  const [loading, setLoading] = useState(!initial);
  const [error, setError] = useState<string | null>(null);
  /** Fetches a page into the list; its state is set only once the answer is in. */
  const request = async (skip: number, forTag: string | undefined) => {
    try {
      const page = await fetchPosts(skip, forTag);
      setPosts((before) => (skip === 0 ? page.posts : [...before, ...page.posts]));
      setTotal(page.total);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  const load = (skip: number, forTag: string | undefined) => {
    setLoading(true);
    setError(null);
    return request(skip, forTag);
  };

  // Without prerendered data (a page opened in the app, or a hosted CMS's post), the first page is fetched
  // here, once (loading is already on).
  const [firstLoad] = useState(() => (initial ? null : () => request(0, undefined)));
  useEffect(() => {
    if (!firstLoad) return;
    void firstLoad();
    fetchTags().then(setTags, () => undefined);
  }, [firstLoad]);

  const chooseTag = (next: string | undefined) => {
    if (next === tag) return;
    setTag(next);
    void load(0, next);
  };

  return (
    <section className="bg-list" aria-label="Posts">
      {tags.length ? (
        <div className="bg-tags" role="group" aria-label="Filter by tag">
          <button type="button" className="bg-chip" aria-pressed={tag === undefined} onClick={() => chooseTag(undefined)}>
            All posts
          </button>
          {tags.map((t) => (
            <button key={t} type="button" className="bg-chip" aria-pressed={tag === t} onClick={() => chooseTag(t)}>
              {t}
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p className="bg-error" role="alert">
          {error}
        </p>
      ) : null}
      {posts.length ? (
        <ul className="bg-grid">
          {posts.map((p) => (
            <PostCard key={p.slug} post={p} base={base} />
          ))}
        </ul>
      ) : !loading && !error ? (
        <p>No posts yet.</p>
      ) : null}
      {loading ? <Spinner label="Loading posts…" /> : null}
      {posts.length < total ? (
        <LoadMore label="Show more posts" busy={loading} auto={!error} onMore={() => void load(posts.length, tag)} />
      ) : null}
    </section>
  );
}
