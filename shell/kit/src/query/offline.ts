import { queryClient } from './queries';

/**
 * The offline worker (shell/src/offline) queued a write and answered it as done, without a position to
 * wait for: the reads it changes (`paths`, contract GET paths such as a word's own meaning) are read
 * again, and the worker answers them with the waiting write in. Positions stay the one mechanism online.
 */
export function rereadQueuedChanges(paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return Promise.resolve();
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'GET' && paths.includes(String(query.queryKey[1])) });
}
