import { ApiError, Link, QueryErrorNotice } from '@verba/kit';
import { LIBRARY_MESSAGES } from '@verba/contracts/http';

const SUBSCRIBE_PATH = '/app/user-profile/subscribe';

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
        <div className="rd-locked" role="alert">
          <p>{LIBRARY_MESSAGES.premiumOnly}</p>
          <Link href={SUBSCRIBE_PATH} className="vk-btn vk-btn--primary vk-btn--md">
            Upgrade to Master
          </Link>
        </div>
      ) : (
        <QueryErrorNotice query={query} title="This article could not be loaded." />
      )}
    </main>
  );
}
