import { useEffect } from 'react';
import type { BlogPost } from '@verba/contracts';
import type { BlogListData } from '../blog/BlogList';
import type { PublicPage as PageKey } from '../routing/paths';
import { applyHead } from './head';
import { PAGE_META } from './meta';
import { ContactUs } from './pages/ContactUs';
import { BlogLanding, PublicBlogPost } from './pages/Blog';
import { Faq } from './pages/Faq';
import { Pricing } from './pages/Pricing';
import { Landing } from './pages/Landing';
import { LearnLanguage } from './pages/LearnLanguage';
import { Legal } from './pages/Legal';
import { COOKIES, PRIVACY, TERMS } from './pages/legal-texts';
import { Support } from './pages/Support';
import { PublicFooter } from './PublicFooter';
import './public.css';

function Content({ page, path, data }: { page: PageKey; path: string; data?: unknown }) {
  switch (page) {
    case 'blog':
      return <BlogLanding {...(data ? { data: data as BlogListData } : {})} />;
    case 'blog-post':
      return <PublicBlogPost path={path} {...(data ? { data: data as BlogPost } : {})} />;
    case 'landing':
      return <Landing />;
    case 'faq':
      return <Faq />;
    case 'pricing':
      return <Pricing />;
    case 'learn-de':
    case 'learn-fr':
    case 'learn-es':
    case 'learn-ru':
      return <LearnLanguage code={page.slice(6) as 'de' | 'fr' | 'es' | 'ru'} />;
    case 'terms':
      return <Legal doc={TERMS} />;
    case 'privacy':
      return <Legal doc={PRIVACY} />;
    case 'cookies':
      return <Legal doc={COOKIES} />;
    case 'support':
      return <Support />;
    case 'contact-us':
      return <ContactUs />;
  }
}

/**
 * A public page: its content and the site footer; in the browser it also keeps <head> in step (a blog
 * post sets its own). `data` is what the build-time prerender read for the page (blog posts).
 */
export function PublicPage({ page, path, data }: { page: PageKey; path: string; data?: unknown }) {
  useEffect(() => {
    if (page !== 'blog-post') applyHead(PAGE_META[page], path);
  }, [page, path]);
  return (
    <main className="sh-page pb-page">
      <Content page={page} path={path} {...(data ? { data } : {})} />
      <PublicFooter />
    </main>
  );
}
