import { useState } from 'react';
import { Link, Spinner } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { LoadMore } from '../lists/LoadMore';
import type { BlogPostSummary } from '@verba/contracts';
import { fetchPosts, useFirstPosts, useTags, type PostPage } from './blog-api';
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
 * Public pages (prerendered, `initial`) and the app both show it, so it brings the kit's query cache itself.
 */
export function BlogList(props: { base: string; initial?: BlogListData }) {
  return (
    <KitProviders>
      <Posts {...props} />
    </KitProviders>
  );
}

function Posts({ base, initial }: { base: string; initial?: BlogListData }) {
  const [tag, setTag] = useState<string | undefined>();
  const tags = useTags(initial?.tags).data ?? [];
  const first = useFirstPosts(tag, initial?.page);
  /** Pages after the first, for the tag they were read for ("Show more posts"). */
  const [more, setMore] = useState<{ tag: string | undefined; posts: BlogPostSummary[]; total: number } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  const extra = more && more.tag === tag && !first.isPlaceholderData ? more : null;
  const posts = [...(first.data?.posts ?? []), ...(extra?.posts ?? [])];
  const total = extra?.total ?? first.data?.total ?? 0;
  const loading = first.isFetching || loadingMore;
  const error = first.error?.message ?? moreError;

  const loadMore = () => {
    setLoadingMore(true);
    setMoreError(null);
    fetchPosts(posts.length, tag)
      .then(
        (page) => setMore({ tag, posts: [...(extra?.posts ?? []), ...page.posts], total: page.total }),
        (e: Error) => setMoreError(e.message),
      )
      .finally(() => setLoadingMore(false));
  };
  const chooseTag = (next: string | undefined) => {
    if (next === tag) return;
    setTag(next);
    setMore(null);
    setMoreError(null);
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
      {posts.length < total ? <LoadMore label="Show more posts" busy={loading} auto={!error} onMore={loadMore} /> : null}
    </section>
  );
}
