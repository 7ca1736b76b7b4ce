/**
 * Build-time rendering of the public pages to static HTML (run by shell/scripts/prerender.mjs after
 * webpack): crawlers and visitors without JavaScript get the whole page and its <head>; in the browser
 * the shell then mounts over it. Never part of the browser bundle.
 */
import { renderToString } from 'react-dom/server';
import type { BlogPost, BlogPostSummary } from '@verba/contracts';
import { dataIsland } from '../blog/prerendered-data';
import { PUBLIC_PAGES, PATHS, publicPageAt, type PublicPath } from '../routing/paths';
import { metaTags } from './head';
import { PAGE_META, postMeta, type PageMeta } from './meta';
import { FEED_PATH } from './pages/Blog';
import { PublicPage } from './PublicPage';

/** What the build read from the blog's content service (services' blog/domain/snapshot.ts). */
export interface BlogSnapshot {
  page: { posts: BlogPostSummary[]; total: number };
  tags: string[];
  posts: BlogPost[];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell's header as a visitor sees it, without the parts that need JavaScript. */
function StaticChrome({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a className="sh-skip" href="#main">
        Skip to content
      </a>
      <header className="sh-header">
        <a href={PATHS.landing} className="sh-brand">
          Verba
        </a>
        <span className="sh-nav" />
        <div className="sh-header__end">
          <a href={PATHS.signIn} className="sh-nav__link">
            Sign in
          </a>
          <a href={PATHS.signUp} className="sh-nav__link">
            Sign up
          </a>
        </div>
      </header>
      <div id="main" className="sh-main" tabIndex={-1}>
        {children}
      </div>
    </>
  );
}

export const PRERENDERED_PATHS = Object.keys(PUBLIC_PAGES) as PublicPath[];

/**
 * The fixed public pages and a page per blog post the build knows. A CMS slug that makes no public path (`../x`)
 * gets no page: its file would be written outside the folder, and nobody could open it.
 */
export const prerenderedPaths = (blog?: BlogSnapshot): string[] => [
  ...PRERENDERED_PATHS,
  ...(blog?.posts.map((p) => `${PATHS.blog}/${p.slug}`).filter((path) => publicPageAt(path) === 'blog-post') ?? []),
];

/** The file a public path is written to under the shell's dist (services/src/runtime/web.ts reads it). */
export const prerenderedFile = (path: string) => `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;

/** A page's head and the data its browser render starts from (blog pages only). */
function pageOf(path: string, blog?: BlogSnapshot): { meta: PageMeta; data?: unknown } {
  const page = publicPageAt(path);
  if (!page) throw new Error(`${path} is not a public page`);
  if (page === 'blog') return { meta: PAGE_META.blog, ...(blog ? { data: { page: blog.page, tags: blog.tags } } : {}) };
  if (page === 'blog-post') {
    const post = blog?.posts.find((p) => `${PATHS.blog}/${p.slug}` === path);
    if (!post) throw new Error(`${path}: no such post in the blog snapshot`);
    return { meta: postMeta(post), data: post };
  }
  return { meta: PAGE_META[page] };
}

/**
 * One page's HTML: the built index.html with this page's <head> (title, description, social tags, and
 * the CSS inlined so it is styled before any script runs) and its markup inside #root.
 */
export function renderPublicPage(path: string, template: string, css = '', blog?: BlogSnapshot): string {
  const { meta, data } = pageOf(path, blog);
  const body =
    renderToString(
      <StaticChrome>
        <PublicPage page={publicPageAt(path)!} path={path} {...(data ? { data } : {})} />
      </StaticChrome>,
    ) + (data ? dataIsland({ path, data }) : '');
  const tags = metaTags(meta, path)
    .map((t) => `<meta ${t.attr}="${t.key}" content="${escapeHtml(t.content)}" />`)
    .join('\n    ');
  const feed = path.startsWith(PATHS.blog)
    ? `\n    <link rel="alternate" type="application/atom+xml" title="The Verba blog" href="${FEED_PATH}" />`
    : '';
  const head = `<title>${escapeHtml(meta.title)}</title>\n    ${tags}${feed}${css ? `\n    <style>${css}</style>` : ''}`;
  const withHead = template.replace(/<title>[^<]*<\/title>/, () => head);
  const withBody = withHead.replace(/<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>|<\/body>)/, () => `<div id="root">${body}</div>\n    `);
  if (withHead === template || withBody === withHead) throw new Error('index.html lacks <title> or <div id="root">: cannot prerender');
  // The page reads fine without JavaScript, so the "needs JavaScript" notice would be wrong here.
  return withBody.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
}
