import { Link, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { ADMIN_PATHS, withQuery } from '../../../routing/admin-paths';
import { useLibraryOverview } from '../api/library';

/** /app/admin/library: how many articles are in each state, each count a link to that list. */
export function LibraryOverviewPage() {
  const overview = useLibraryOverview();
  const c = overview.data;
  const items = c
    ? [
        { label: 'Articles', n: c.articles, href: ADMIN_PATHS.libraryArticles },
        { label: 'Public', n: c.public, href: withQuery(ADMIN_PATHS.libraryArticles, { visibility: 'public' }) },
        { label: 'Private', n: c.private, href: withQuery(ADMIN_PATHS.libraryArticles, { visibility: 'private' }) },
        { label: 'Premium', n: c.premium, href: withQuery(ADMIN_PATHS.libraryArticles, { visibility: 'premium' }) },
        { label: 'Waiting for approval', n: c.pending, href: ADMIN_PATHS.approveArticles },
        { label: 'Flagged', n: c.flagged, href: ADMIN_PATHS.flaggedArticles },
        { label: 'Series', n: c.series, href: ADMIN_PATHS.series },
      ]
    : [];
  return (
    <main>
      <SectionHeader section="admin" title="Library" subtitle="Articles and series of every language, moderation and the AI prompts." />
      {overview.isPending ? <Spinner label="Loading the library…" /> : null}
      <QueryErrorNotice query={overview} title="The library could not be loaded." />
      <ul className="ad-home" aria-label="Library counts">
        {items.map((i) => (
          <li key={i.label} className="ad-home__tool">
            <Link href={i.href} className="ad-home__name">
              {i.label}
            </Link>
            <p className="ad-count">{i.n}</p>
          </li>
        ))}
      </ul>
      <h2>Tools</h2>
      <ul className="ad-tools">
        <li>
          <Link href={ADMIN_PATHS.createArticle}>Create an article</Link>
        </li>
        <li>
          <Link href={ADMIN_PATHS.createSeries}>Create a series</Link>
        </li>
        <li>
          <Link href={ADMIN_PATHS.aiPrompt}>AI translation prompt</Link>
        </li>
        <li>
          <Link href={ADMIN_PATHS.aiHateSpeechPrompt}>AI hate-speech prompt</Link>
        </li>
        <li>
          <Link href={ADMIN_PATHS.aiPromptMultiword}>AI multi-word prompt</Link>
        </li>
        <li>
          <Link href={ADMIN_PATHS.testAi}>Test the AI</Link>
        </li>
      </ul>
    </main>
  );
}
