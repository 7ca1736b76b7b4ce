import type { ArticleSummary } from '@verba/contracts/http';

export const articleHref = (id: string) => `/app/library/${encodeURIComponent(id)}`;

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
