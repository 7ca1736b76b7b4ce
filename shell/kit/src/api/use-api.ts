import { useCallback, useEffect, useState } from 'react';
import { api, type ApiOptions } from './api';

export type ApiState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: Error }
  | { status: 'success'; data: T };

/** A GET with loading/error/success and a retry. (TanStack Query can replace this when needed.) */
export function useApi<T>(path: string | null, parse?: ApiOptions<T>['parse']): ApiState<T> & { retry: () => void } {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api<T>(path, { signal: controller.signal, parse }).then(
      (data) => setState({ status: 'success', data }),
      (error: Error) => {
        if (error.name !== 'AbortError') setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // `parse` is expected to be a stable module-level function, so it is not a dependency.
  }, [path, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
