import { lazy, Suspense } from 'react';
import { Spinner } from '@verba/kit';
import type { PublicPage as PageKey } from '../routing/paths';

// The public pages are their own chunk: the sign-in page never loads them.
type PublicModule = typeof import('../public/PublicPage');
let loaded: PublicModule | undefined;

/** Start-up awaits this on a public path, so the first render replaces the prerendered HTML with the same page. */
export const preloadPublicPages = (): Promise<PublicModule> =>
  import('../public/PublicPage').then((m) => {
    loaded = m;
    return m;
  });

const LazyPublicPage = lazy(() => preloadPublicPages().then((m) => ({ default: m.PublicPage })));

export function PublicArea({ page, path }: { page: PageKey; path: string }) {
  if (loaded) return <loaded.PublicPage page={page} path={path} />;
  return (
    <Suspense fallback={<Spinner />}>
      <LazyPublicPage page={page} path={path} />
    </Suspense>
  );
}
