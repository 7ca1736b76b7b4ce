import { Link, Spinner } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { LANGUAGE_NAMES, useCategories, useSubscriptions } from './forum-api';

/** /app/forum: a category per language and the threads you follow with their unread replies. */
export function ForumHome() {
  return (
    <KitProviders>
      <Home />
    </KitProviders>
  );
}

function Home() {
  const categoriesRead = useCategories();
  // The followed threads are extra: when they cannot be read, the categories still show.
  const following = useSubscriptions().data?.threads ?? [];
  const categories = categoriesRead.data?.categories;
  const error = categoriesRead.error?.message ?? null;
  if (error)
    return (
      <p className="fm-error" role="alert">
        {error}
      </p>
    );
  if (!categories) return <Spinner label="Loading the forum…" />;
  return (
    <>
      <header className="fm-head">
        <h1>Forum</h1>
        <p className="fm-lead">Ask, answer and share with other learners. Every article and chapter has its own discussion too.</p>
      </header>
      <section aria-labelledby="fm-following">
        <h2 id="fm-following">Following</h2>
        {following.length ? (
          <ul className="fm-list">
            {following.map((t) => (
              <li key={t.id}>
                <Link href={`/app/forum/thread/${t.id}`}>{t.title || 'A discussion started by a deleted account'}</Link>{' '}
                {t.unread ? <span className="fm-badge">{t.unread} unread</span> : <span className="fm-post__meta">no new replies</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="fm-post__meta">Follow a thread to see its new replies here.</p>
        )}
      </section>
      <section aria-labelledby="fm-categories">
        <h2 id="fm-categories">Categories</h2>
        <ul className="fm-cards">
          {categories.map((c) => (
            <li key={c.language} className="fm-card">
              <Link href={`/app/forum/${c.language}`}>{LANGUAGE_NAMES[c.language]}</Link>
              <p className="fm-post__meta">
                {c.threads} {c.threads === 1 ? 'thread' : 'threads'}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
