import type { LearningLanguage } from '@verba/contracts';
import { useReadingProgress, useRecentlyRead } from '../api/my-library';
import { ArticleLink } from './article-bits';

const SHOWN = 5;

/** "Finished", "45% read", or nothing before the reader turned a page (no progress recorded). */
function readSoFar(item: { progress: number; completed: boolean } | undefined): string {
  if (!item) return '';
  return item.completed ? ' · Finished' : ` · ${item.progress}% read`;
}

/**
 * The library's "Recently read": the last articles opened in this language, each with how far the learner
 * got (nothing while there are none).
 */
export function RecentlyRead({ languageCode }: { languageCode: LearningLanguage }) {
  const last = useRecentlyRead(languageCode);
  const articles = last.data?.articles.slice(0, SHOWN) ?? [];
  const progress = useReadingProgress(languageCode, articles.length > 0);
  const byArticle = new Map(progress.data?.items.map((item) => [item.articleId, item]));
  if (articles.length === 0) return null;
  return (
    <section className="rd-recent" aria-labelledby="rd-recent-title">
      <h2 id="rd-recent-title" className="rd-recent__title">
        Recently read
      </h2>
      <ul className="rd-recent__list">
        {articles.map((article) => (
          <li key={article.id}>
            <ArticleLink article={article}>{article.name}</ArticleLink>{' '}
            <span className="rd-article__meta">
              {article.generalDifficulty} · {article.category}
              {readSoFar(byArticle.get(article.id))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
