import { useState } from 'react';
import { LANGUAGE_NAMES } from '@verba/contracts';
import { EmptyState, Link, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import type { ArticleSummary } from '@verba/contracts/http';
import { deleteOwnArticle, useUserArticles } from '../api/my-library';
import { ArticleLink, ArticleTags } from './article-bits';
import '../library.css';

/** /app/my-articles: everything the learner wrote, in every language; private ones can be deleted. */
export function MyArticlesPage() {
  const mine = useUserArticles();
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);

  const confirmDelete = (article: ArticleSummary) => {
    deleteOwnArticle(article.id).then(
      () => toast({ title: `“${article.name}” was deleted` }),
      (error: Error) => toast({ title: `“${article.name}” could not be deleted.`, description: error.message, variant: 'destructive' }),
    );
  };

  return (
    <main>
      <SectionHeader section="library" title="My articles" subtitle="The articles you wrote or imported" />
      <div className="rd-toolbar">
        <div className="rd-toolbar__links">
          <Link href="/app/add-article" className="vk-btn vk-btn--primary vk-btn--sm">
            Add article
          </Link>
          <Link href="/app/library" className="vk-btn vk-btn--secondary vk-btn--sm">
            Library
          </Link>
        </div>
      </div>
      {mine.isPending ? <Spinner label="Loading your articles…" /> : null}
      <QueryErrorNotice query={mine} title="Your articles could not be loaded." />
      {mine.data?.articles.length === 0 ? (
        <EmptyState title="You have not written an article yet" action={<Link href="/app/add-article">Add your first article</Link>}>
          <p>Your own texts, private or for the public library, are listed here.</p>
        </EmptyState>
      ) : null}
      {mine.data && mine.data.articles.length > 0 ? (
        <div className="rd-table-wrap">
          <table className="rd-table">
            <caption className="rd-total">
              {mine.data.articles.length === 1 ? '1 article' : `${mine.data.articles.length} articles`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Language</th>
                <th scope="col">Level</th>
                <th scope="col">Words</th>
                <th scope="col">Rating</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {mine.data.articles.map((article) => (
                <tr key={article.id}>
                  <td>
                    <ArticleLink article={article}>{article.name}</ArticleLink>
                    <ArticleTags article={article} />
                  </td>
                  <td>{LANGUAGE_NAMES[article.languageCode]}</td>
                  <td>{article.generalDifficulty}</td>
                  <td>{article.totalWords.toLocaleString()}</td>
                  <td>{article.ratings > 0 ? `${article.averageRating.toFixed(1)} (${article.ratings})` : '–'}</td>
                  <td>
                    <span className="rd-row-actions">
                      <Link href={`/app/edit-article?id=${encodeURIComponent(article.id)}`} aria-label={`Edit “${article.name}”`}>
                        Edit
                      </Link>
                      {/* Only private articles can be deleted (spec §7: articles/private/delete). */}
                      {article.isPrivate ? (
                        <button
                          type="button"
                          className="vk-btn vk-btn--ghost vk-btn--sm rd-danger"
                          aria-label={`Delete “${article.name}”`}
                          onClick={() => setDeleting(article)}
                        >
                          Delete
                        </button>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={deleting ? `Delete “${deleting.name}”?` : ''}
        description="The article and your bookmarks and progress in it are deleted for good. This cannot be undone."
        confirmLabel="Delete article"
        destructive
        onConfirm={() => {
          if (deleting) confirmDelete(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </main>
  );
}
