import { useCallback } from 'react';
import type { BlogPost } from '@verba/contracts';
import { BlogList, type BlogListData } from '../../blog/BlogList';
import { BlogPostView } from '../../blog/BlogPostView';
import { takePrerendered } from '../../blog/prerendered-data';
import { PATHS, blogSlugAt } from '../../routing/paths';
import { applyHead } from '../head';
import { postMeta } from '../meta';

export const FEED_PATH = '/api/blog/feed.xml';

/** /blog: the public blog landing page, prerendered with the newest posts; paging and tags work in the browser. */
export function BlogLanding({ data }: { data?: BlogListData }) {
  const initial = data ?? takePrerendered<BlogListData>(PATHS.blog);
  return (
    <article className="pb-article">
      <header className="bg-head">
        <p className="pb-eyebrow">Blog</p>
        <h1>Reading-first language learning</h1>
        <p className="pb-lead">Method, habits and small discoveries from learners of German, French, Spanish and Russian.</p>
        <p className="bg-feed">
          <a href={FEED_PATH}>Subscribe with a feed reader (Atom)</a>
        </p>
      </header>
      <BlogList base={PATHS.blog} {...(initial ? { initial } : {})} />
    </article>
  );
}

/** /blog/<slug>: one post, prerendered for the posts known at build time; its <head> follows the post. */
export function PublicBlogPost({ path, data }: { path: string; data?: BlogPost }) {
  const initial = data ?? takePrerendered<BlogPost>(path);
  const onPost = useCallback((post: BlogPost) => applyHead(postMeta(post), path), [path]);
  return <BlogPostView base={PATHS.blog} slug={blogSlugAt(path) ?? ''} {...(initial ? { initial } : {})} onPost={onPost} />;
}
