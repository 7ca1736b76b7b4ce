import { EmptyState, ErrorNotice, Link, SectionHeader, Spinner, useSession } from '@verba/kit';
import { LearningLanguageSchema } from '@verba/contracts';
import { useArticles } from '../api/articles';
import { languageName } from '../../../language';

export function LibraryPage() {
  const { user } = useSession();
  const languageCode = LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
  const result = useArticles(languageCode);
  const articles = result.data?.articles;
  return (
    <main>
      <SectionHeader section="library" title="Library" subtitle={`Articles in ${languageName(languageCode)}`} />
      {result.isPending ? <Spinner label="Loading articles…" /> : null}
      {result.isError ? (
        <ErrorNotice title="The library could not be loaded." detail={result.error.message} onRetry={() => void result.refetch()} />
      ) : null}
      {articles?.length === 0 ? (
        <EmptyState title={`No articles in ${languageName(languageCode)} yet`}>
          <p>New articles are added regularly. Check back soon.</p>
        </EmptyState>
      ) : null}
      {articles && articles.length > 0 ? (
        <ul className="rd-articles">
          {articles.map((article) => (
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
