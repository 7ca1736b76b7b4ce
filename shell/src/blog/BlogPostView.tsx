import { useEffect, useState, type ReactNode } from 'react';
import { Link, Spinner } from '@verba/kit';
import type { BlogPost } from '@verba/contracts';
import { fetchPost } from './blog-api';
import { formatPostDate, readingTime } from './format';
import './blog.css';

/**
 * One post. Its HTML comes sanitized from the server (an allowlist of formatting tags, no scripts or
 * handlers, links only to http(s)/mailto), which is why it may be set as HTML here.
 */
export function BlogPostView({
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
  const [post, setPost] = useState<BlogPost | undefined>(initial);
  // A failure belongs to the post it happened on.
  const [failed, setFailed] = useState<{ slug: string; message: string } | null>(null);
  const error = failed?.slug === slug ? failed.message : null;

  useEffect(() => {
    if (post?.slug === slug) return;
    let live = true;
    fetchPost(slug).then(
      (p) => live && setPost(p),
      (e: Error) => live && setFailed({ slug, message: e.message }),
    );
    return () => {
      live = false;
    };
  }, [slug, post?.slug]);

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
  if (!post || post.slug !== slug) return <Spinner label="Loading the post…" />;
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
