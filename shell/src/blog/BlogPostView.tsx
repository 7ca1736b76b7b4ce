import { useEffect, type ReactNode } from 'react';
import { Link, Spinner } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import type { BlogPost } from '@verba/contracts';
import { usePost } from './blog-api';
import { formatPostDate, readingTime } from './format';
import './blog.css';

/**
 * One post. Its HTML comes sanitized from the server (an allowlist of formatting tags, no scripts or
 * handlers, links only to http(s)/mailto), which is why it may be set as HTML here. Public pages (prerendered
 * too) and the app both show it, so it brings the kit's query cache itself.
 */
export function BlogPostView(props: Parameters<typeof Post>[0]) {
  return (
    <KitProviders>
      <Post {...props} />
    </KitProviders>
  );
}

function Post({
  base,
  slug,
  initial,
  onPost,
  children,
}: {
  base: string;
  slug: string;
  initial?: BlogPost;
  onPost?: (post: BlogPost) => void;
  children?: (post: BlogPost) => ReactNode;
}) {
  // Keyed by the slug: a failure belongs to the post it happened on.
  const read = usePost(slug, initial);
  const post = read.data;
  const error = read.error?.message ?? null;

  useEffect(() => {
    if (post) onPost?.(post);
  }, [post, onPost]);

  const back = (
    <p>
      <Link href={base}>← All posts</Link>
    </p>
  );
  if (error) {
    return (
      <article className="bg-post">
        {back}
        <p className="bg-error" role="alert">
          {error}
        </p>
      </article>
    );
  }
  if (!post) return <Spinner label="Loading the post…" />;
  return (
    <article className="bg-post">
      {back}
      <p className="bg-meta">
        <span className="bg-tag">{post.tag}</span> · <time dateTime={post.date}>{formatPostDate(post.date)}</time> ·{' '}
        {readingTime(post.readingMinutes)}
      </p>
      <h1>{post.title}</h1>
      <p className="bg-lead">{post.description}</p>
      {post.image ? <img className="bg-post__image" src={post.image.url} alt={post.image.alt} width={1200} height={630} /> : null}
      <div className="bg-prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      {children?.(post)}
    </article>
  );
}
