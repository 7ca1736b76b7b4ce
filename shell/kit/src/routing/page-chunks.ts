import { useEffect, useState } from 'react';

/**
 * A fragment's pages as chunks that load together on first mount, so moving between them renders at
 * once. Not React.lazy: React 19 throttles a Suspense reveal by up to 300 ms. A failed load is thrown
 * to the nearest error boundary, whose retry loads the chunks again.
 *
 *   const usePages = pageChunks(() => import('./pages'));
 *   const pages = usePages(); // undefined until loaded
 */
export function pageChunks<T>(load: () => Promise<T>): () => T | undefined {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = () =>
    (loading ??= load().then(
      (pages) => (loaded = pages),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return function usePages() {
    const [, setReady] = useState(false);
    const [failure, setFailure] = useState<unknown>(null);
    useEffect(() => {
      if (!loaded) start().then(() => setReady(true), setFailure);
    }, []);
    if (failure) throw failure;
    return loaded;
  };
}
