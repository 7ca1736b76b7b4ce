import { useEffect, useState } from 'react';
import { Spinner, usePathname } from '@verba/kit';

type LibraryModule = typeof import('./features/library/components/LibraryPage');
type ReaderModule = typeof import('./features/reader/components/ReaderPage');

// Page chunks keep the fragment's entry small; both load together on first mount, so opening an
// article from the list renders at once. (Not React.lazy: React 19 throttles a Suspense reveal by
// up to 300 ms, which the reader's time-to-interactive would pay on every first open.)
const pages: { library?: LibraryModule; reader?: ReaderModule } = {};
let loading: Promise<void> | undefined;
const loadPages = () =>
  (loading ??= Promise.all([
    import('./features/library/components/LibraryPage').then((m) => void (pages.library = m)),
    import('./features/reader/components/ReaderPage').then((m) => void (pages.reader = m)),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined; // a failed chunk load may be retried (the error boundary offers it)
      throw error;
    },
  ));

/** /app/library -> the list; /app/library/<id> -> the reader. */
export function ReaderApp() {
  const pathname = usePathname();
  const [failure, setFailure] = useState<Error | null>(null);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!pages.library || !pages.reader) loadPages().then(() => setLoaded(true), setFailure);
  }, []);
  if (failure) throw failure;

  const id = /^\/app\/library\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (id && pages.reader) return <pages.reader.ReaderPage key={id} articleId={decodeURIComponent(id)} />;
  if (!id && pages.library) return <pages.library.LibraryPage />;
  return <Spinner label="Loading…" />;
}
