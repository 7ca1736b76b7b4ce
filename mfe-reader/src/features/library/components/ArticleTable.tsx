import type { ArticleSummary } from '@verba/contracts/http';
import { DifficultyBadge } from './DifficultyBadge';
import { ArticleLink, ArticleTags } from './article-bits';

export function ArticleTable({ articles }: { articles: readonly ArticleSummary[] }) {
  return (
    <div className="rd-table-wrap">
      <table className="rd-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Level</th>
            <th scope="col">Difficulty</th>
            <th scope="col">Words</th>
            <th scope="col">Rating</th>
            <th scope="col">Series</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((article) => (
            <tr key={article.id}>
              <td>
                <ArticleLink article={article}>{article.name}</ArticleLink>
                <ArticleTags article={article} />
              </td>
              <td>{article.category}</td>
              <td>{article.generalDifficulty}</td>
              <td>
                <DifficultyBadge label={article.difficulty} estimated={article.difficultyEstimated} />
              </td>
              <td>{article.totalWords.toLocaleString()}</td>
              <td>{article.ratings > 0 ? `${article.averageRating.toFixed(1)} (${article.ratings})` : '–'}</td>
              <td>{article.seriesTitle ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
