import type { ArticleSummary } from '@verba/contracts/http';
import { DifficultyBadge } from './DifficultyBadge';
import { ArticleLink, ArticleTags } from './article-bits';

export function ArticleCards({ articles }: { articles: readonly ArticleSummary[] }) {
  return (
    <ul className="rd-cards">
      {articles.map((article) => (
        <li key={article.id} className="rd-card">
          {article.previewImgSrc ? (
            <img className="rd-card__image" src={article.previewImgSrc} alt="" loading="lazy" referrerPolicy="no-referrer" />
          ) : (
            <div className="rd-card__image rd-card__image--none" aria-hidden="true" />
          )}
          <div className="rd-card__body">
            <ArticleLink article={article}>{article.name}</ArticleLink>
            <ArticleTags article={article} />
            <p className="rd-article__meta">
              {article.category} · {article.generalDifficulty} · {article.totalWords.toLocaleString()} words
              {article.seriesTitle ? ` · ${article.seriesTitle}` : ''}
            </p>
            <p className="rd-article__meta">
              <span aria-hidden="true">★ </span>
              {article.ratings > 0 ? `Rated ${article.averageRating.toFixed(1)} (${article.ratings})` : 'Not rated yet'}
              {` · ${article.totalReads === 1 ? '1 reader' : `${article.totalReads.toLocaleString()} readers`}`}
            </p>
            <DifficultyBadge label={article.difficulty} estimated={article.difficultyEstimated} />
          </div>
        </li>
      ))}
    </ul>
  );
}
