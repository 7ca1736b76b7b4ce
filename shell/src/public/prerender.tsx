/**
 * Build-time rendering of the public pages to static HTML (run by shell/scripts/prerender.mjs after
 * webpack): crawlers and visitors without JavaScript get the whole page and its <head>; in the browser
 * the shell then mounts over it. Never part of the browser bundle.
 */
import { renderToString } from 'react-dom/server';
import { PUBLIC_PAGES, PATHS, type PublicPath } from '../routing/paths';
import { metaTags } from './head';
import { PAGE_META } from './meta';
import { PublicPage } from './PublicPage';

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

/** The file a public path is written to under the shell's dist (services/src/runtime/web.ts reads it). */
export const prerenderedFile = (path: PublicPath) => `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;

/**
 * One page's HTML: the built index.html with this page's <head> (title, description, social tags, and
 * the CSS inlined so it is styled before any script runs) and its markup inside #root.
 */
export function renderPublicPage(path: PublicPath, template: string, css = ''): string {
  const meta = PAGE_META[PUBLIC_PAGES[path]];
  const body = renderToString(
    <StaticChrome>
      <PublicPage page={PUBLIC_PAGES[path]} path={path} />
    </StaticChrome>,
  );
  const tags = metaTags(meta, path)
    .map((t) => `<meta ${t.attr}="${t.key}" content="${escapeHtml(t.content)}" />`)
    .join('\n    ');
  const head = `<title>${escapeHtml(meta.title)}</title>\n    ${tags}${css ? `\n    <style>${css}</style>` : ''}`;
  const withHead = template.replace(/<title>[^<]*<\/title>/, () => head);
  const withBody = withHead.replace(/<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>|<\/body>)/, () => `<div id="root">${body}</div>\n    `);
  if (withHead === template || withBody === withHead) throw new Error('index.html lacks <title> or <div id="root">: cannot prerender');
  // The page reads fine without JavaScript, so the "needs JavaScript" notice would be wrong here.
  return withBody.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
}
