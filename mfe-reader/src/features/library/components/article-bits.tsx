import type { ReactNode } from 'react';
import { Link } from '@verba/kit';
import type { ArticleSummary } from '@verba/contracts/http';
import { loadReaderPage, openingArticle } from '../../../reader-chunk';

export const articleHref = (id: string) => `/app/library/${encodeURIComponent(id)}`;

const prefetchReader = () => void loadReaderPage();

/**
 * A link to an article: the reader's code is fetched as the learner reaches for it (pointer, focus), and
 * its first reads as they press it, so the reader opens with both on their way.
 */
export function ArticleLink({ article, children }: { article: Pick<ArticleSummary, 'id' | 'languageCode'>; children: ReactNode }) {
  const opening = () => openingArticle(article.id, article.languageCode);
  return (
    <Link
      href={articleHref(article.id)}
      className="rd-article__link"
      onPointerEnter={prefetchReader}
      onFocus={prefetchReader}
      onPointerDown={opening}
      onClick={opening}
    >
      {children}
    </Link>
  );
}

/** Private / pending / premium markers next to a title. */
export function ArticleTags({ article }: { article: ArticleSummary }) {
  const tags = [
    article.isPrivate ? 'Private' : null,
    article.needApprove ? 'Waiting for approval' : null,
    article.isPremiumOnly ? 'Master' : null,
  ].filter((t): t is string => t !== null);
  if (tags.length === 0) return null;
  return (
    <span className="rd-tags">
      {tags.map((tag) => (
        <span key={tag} className="rd-tag">
          {tag}
        </span>
      ))}
    </span>
  );
}
