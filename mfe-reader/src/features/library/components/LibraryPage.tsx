import { EmptyState, ErrorNotice, Link, SectionHeader, Spinner, useApi, useSession } from '@verba/kit';
import { articlesPath, parseArticles } from '../api/articles';
import { languageName } from '../../../language';

export function LibraryPage() {
  const { user } = useSession();
  const languageCode = user?.currentLearningLanguage ?? 'de';
  const result = useApi(articlesPath(languageCode), parseArticles);
  return (
    <main>
      <SectionHeader section="library" title="Library" subtitle={`Articles in ${languageName(languageCode)}`} />
      {result.status === 'loading' ? <Spinner label="Loading articles…" /> : null}
      {result.status === 'error' ? (
        <ErrorNotice title="The library could not be loaded." detail={result.error.message} onRetry={result.retry} />
      ) : null}
      {result.status === 'success' && result.data.length === 0 ? (
        <EmptyState title={`No articles in ${languageName(languageCode)} yet`}>
          <p>New articles are added regularly. Check back soon.</p>
        </EmptyState>
      ) : null}
      {result.status === 'success' && result.data.length > 0 ? (
        <ul className="rd-articles">
          {result.data.map((article) => (
            <li key={article.id} className="rd-article">
              <Link href={`/app/library/${encodeURIComponent(article.id)}`} className="rd-article__link">
                {article.name}
              </Link>
              <p className="rd-article__meta">
                {article.category} · {article.generalDifficulty} · {article.totalWords.toLocaleString()} words
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
