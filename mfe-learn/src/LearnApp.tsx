import { useEffect, useState } from 'react';
import { Spinner, usePathname } from '@verba/kit';
import { chapterIdOf } from './paths';

// Loaded on first mount, not with React.lazy: React 19 throttles a Suspense reveal by up to 300 ms.
let pages: typeof import('./pages') | undefined;
let loading: Promise<void> | undefined;
function loadPages(): Promise<void> {
  loading ??= import('./pages').then((m) => void (pages = m));
  return loading.catch((error: unknown) => {
    loading = undefined; // the error boundary's retry loads the chunk again
    throw error;
  });
}

/** /app/courses -> the course map; /app/courses/chapter/<id> -> the chapter. */
export function LearnApp() {
  const pathname = usePathname();
  const [failure, setFailure] = useState<Error | null>(null);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!pages) loadPages().then(() => setLoaded(true), setFailure);
  }, []);
  if (failure) throw failure;
  if (!pages) return <Spinner label="Loading…" />;

  const chapterId = chapterIdOf(pathname);
  return chapterId ? <pages.ChapterPage key={chapterId} chapterId={chapterId} /> : <pages.CourseMapPage />;
}
