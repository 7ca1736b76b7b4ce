import { usePathname } from '@verba/kit';
import { PATHS } from '../routing/paths';
import { BlogList } from './BlogList';
import { BlogPostView } from './BlogPostView';
import { RelatedArticles } from './RelatedArticles';

/** /app/blog (posts by tag, a page at a time) and /app/blog/<slug> (a post and library articles in its language). */
export function AppBlogPage() {
  const pathname = usePathname().replace(/\/+$/, '');
  const slug = pathname.startsWith(`${PATHS.appBlog}/`) ? pathname.slice(PATHS.appBlog.length + 1) : undefined;
  if (slug) {
    return (
      <main className="sh-page">
        <BlogPostView base={PATHS.appBlog} slug={slug}>
          {(post) => <RelatedArticles language={post.language} />}
        </BlogPostView>
      </main>
    );
  }
  return (
    <main className="sh-page">
      <header className="bg-head">
        <h1>Blog</h1>
        <p className="bg-lead">Method, habits and small discoveries from learners of German, French, Spanish and Russian.</p>
      </header>
      <BlogList base={PATHS.appBlog} />
    </main>
  );
}
