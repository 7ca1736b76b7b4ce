/**
 * The dashboard's "Continue reading" card, exposed as ./continue-reading-widget: the learner's last read
 * articles in their language (GET articles/last-articles), the newest with the page they left it on. The
 * shell mounts it inside its own React tree; DashboardWidget brings the query provider.
 */
import { Link, QueryErrorNotice, Spinner, useSession } from '@verba/kit';
import { DashboardWidget, keepPrevious, useRouteQuery } from '@verba/kit/query';
import { getBookmark, lastArticles, type ArticleSummary } from '@verba/contracts/http';
import { LearningLanguageSchema, LANGUAGE_NAMES } from '@verba/contracts';
import { DifficultyBadge } from '../features/library/components/DifficultyBadge';
import { articleHref } from '../features/library/components/article-bits';
import '../features/library/library.css';
import './widget.css';

/** The newest read article and two before it: enough to pick up again, small enough for a card. */
const SHOWN = 3;

function PageReached({ article }: { article: ArticleSummary }) {
  const bookmark = useRouteQuery(getBookmark, { query: { articleId: article.id } }, { placeholderData: keepPrevious });
  const at = bookmark.data?.bookmark;
  return at && at.totalPages > 1 ? (
    <p className="rdw-muted">
      Page {Math.min(at.pageNumber, at.totalPages)} of {at.totalPages}
    </p>
  ) : null;
}

function ContinueReading() {
  const languageCode = LearningLanguageSchema.catch('de').parse(useSession().user?.currentLearningLanguage);
  const last = useRouteQuery(lastArticles, { query: { languageCode } }, { placeholderData: keepPrevious });
  if (last.isPending) return <Spinner label="Loading your reading…" />;
  if (last.isError) return <QueryErrorNotice query={last} title="Your reading could not be loaded." />;

  const [newest, ...earlier] = last.data.articles.slice(0, SHOWN);
  if (!newest) {
    return (
      <>
        <p className="rdw-muted">
          You have not opened a {LANGUAGE_NAMES[languageCode]} article yet. Pick one in the library; it will wait here for you.
        </p>
        <Link href="/app/library" className="vk-btn vk-btn--primary vk-btn--md">
          Open the library
        </Link>
      </>
    );
  }
  return (
    <>
      <p className="rdw-title">{newest.name}</p>
      <p className="rdw-meta">
        {newest.generalDifficulty} · {newest.category} <DifficultyBadge label={newest.difficulty} estimated={newest.difficultyEstimated} />
      </p>
      <PageReached article={newest} />
      {/* "Continue", not "Continue reading": the header's "Read" link stays the one link named "read". */}
      <Link href={articleHref(newest.id)} className="vk-btn vk-btn--primary vk-btn--md" aria-label={`Continue “${newest.name}”`}>
        Continue
      </Link>
      {earlier.length ? (
        <>
          <p className="rdw-muted rdw-earlier" id="rdw-earlier">
            Read before
          </p>
          <ul className="rdw-list" aria-labelledby="rdw-earlier">
            {earlier.map((article) => (
              <li key={article.id}>
                <Link href={articleHref(article.id)}>{article.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

export default function ContinueReadingWidget() {
  return (
    <DashboardWidget title="Continue reading" className="rdw">
      <ContinueReading />
    </DashboardWidget>
  );
}
