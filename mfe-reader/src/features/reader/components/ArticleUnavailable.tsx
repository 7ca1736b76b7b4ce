import { ApiError, Link, MasterOnlyNotice, QueryErrorNotice } from '@verba/kit';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';

/**
 * Why an article cannot be shown. A Master-only article (403) is not an error to retry: the learner is
 * told what it is and offered Master, as a locked chapter does.
 */
export function ArticleUnavailable({ query }: { query: { isError: boolean; error: Error | null; refetch: () => unknown } }) {
  const locked = query.error instanceof ApiError && query.error.status === 403;
  return (
    <main>
      <p>
        <Link href="/app/library">← Library</Link>
      </p>
      {locked ? (
        <MasterOnlyNotice message={LIBRARY_MESSAGES.premiumOnly} />
      ) : (
        <QueryErrorNotice query={query} title="This article could not be loaded." />
      )}
    </main>
  );
}
