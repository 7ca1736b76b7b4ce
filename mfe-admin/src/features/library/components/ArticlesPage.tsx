import { useEffect, useEffectEvent, useState } from 'react';
import { Button, EmptyState, Link, Pager, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { ARTICLE_CATEGORIES, LANGUAGE_NAMES, LEARNING_LANGUAGES, LEVELS } from '@verba/contracts/domain';
import { ADMIN_ARTICLE_SORTS, ADMIN_ARTICLE_VISIBILITY, type AdminArticle } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { Select } from '../../../components/Select';
import { useAdminArticles, type ArticleFilters, useAdminDeleteArticle, useMakePublicPremium } from '../api/library';

const PAGE_SIZE = 20;
/** The search runs once typing pauses, not on every key. */
const SEARCH_DELAY_MS = 300;
const opts = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));
const VISIBILITY_LABELS = { public: 'Public', private: 'Private', premium: 'Premium' } as const;
const SORT_LABELS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Title A–Z',
  rating: 'Best rated first',
  reads: 'Most read first',
} as const;
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;

/** /app/admin/library/articles: every article, filtered and searched on the server, a page at a time. */
export function ArticlesPage() {
  const initialVisibility = useSearchParam('visibility');
  const [filters, setFilters] = useState<ArticleFilters>(() =>
    ADMIN_ARTICLE_VISIBILITY.includes(initialVisibility as never) ? { visibility: initialVisibility as ArticleFilters['visibility'] } : {},
  );
  const [page, setPage] = useState(1);
  const set = (patch: ArticleFilters) => {
    setFilters((f) => {
      const next: Record<string, unknown> = { ...f, ...patch };
      for (const k of Object.keys(next)) if (next[k] === '' || next[k] === undefined) delete next[k];
      return next as ArticleFilters;
    });
    setPage(1);
  };
  const [search, setSearch] = useState('');
  // Only typing restarts the wait; the filters are read when it ends.
  const applySearch = useEffectEvent((term: string | undefined) => {
    if (term !== filters.search) set({ search: term });
  });
  useEffect(() => {
    const term = search.trim() || undefined;
    const timer = setTimeout(() => applySearch(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const articles = useAdminArticles({ ...filters, page, pageSize: PAGE_SIZE });
  const flag = (v: boolean | undefined) => (v === undefined ? '' : String(v)) as 'true' | 'false' | '';
  return (
    <main>
      <SectionHeader section="admin" title="Articles" subtitle="Every article of every language and author." />
      <p className="ad-actions">
        <Link href={ADMIN_PATHS.library}>← Library</Link>
        <Link href={ADMIN_PATHS.createArticle} className="vk-btn vk-btn--primary">
          Create article
        </Link>
      </p>
      <section className="ad-panel" aria-label="Filters">
        <div className="ad-toolbar">
          <TextField label="Search by title" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Select
            label="Language"
            any="All languages"
            value={filters.languageCode ?? ''}
            options={opts(LEARNING_LANGUAGES, (l) => LANGUAGE_NAMES[l])}
            onChange={(v) => set({ languageCode: v || undefined })}
          />
          <Select
            label="Level"
            any="All levels"
            value={filters.level ?? ''}
            options={opts(LEVELS)}
            onChange={(v) => set({ level: v || undefined })}
          />
          <Select
            label="Category"
            any="All categories"
            value={filters.category ?? ''}
            options={opts(ARTICLE_CATEGORIES)}
            onChange={(v) => set({ category: v || undefined })}
          />
          <Select
            label="Visibility"
            any="Any"
            value={filters.visibility ?? ''}
            options={opts(ADMIN_ARTICLE_VISIBILITY, (v) => VISIBILITY_LABELS[v])}
            onChange={(v) => set({ visibility: v || undefined })}
          />
          <Select
            label="Waiting for approval"
            any="Any"
            value={flag(filters.pending)}
            options={YES_NO}
            onChange={(v) => set({ pending: v ? v === 'true' : undefined })}
          />
          <Select
            label="Flagged"
            any="Any"
            value={flag(filters.flagged)}
            options={YES_NO}
            onChange={(v) => set({ flagged: v ? v === 'true' : undefined })}
          />
          <Select
            label="Sort by"
            value={filters.sort ?? 'newest'}
            options={opts(ADMIN_ARTICLE_SORTS, (v) => SORT_LABELS[v])}
            onChange={(v) => set({ sort: v === 'newest' ? undefined : v || undefined })}
          />
        </div>
      </section>
      {articles.isPending ? <Spinner label="Loading articles…" /> : null}
      <QueryErrorNotice query={articles} title="The articles could not be loaded." />
      {articles.data ? (
        <p role="status" className="ad-muted">
          {articles.data.total} articles
        </p>
      ) : null}
      {articles.data?.articles.length === 0 ? <EmptyState title="No article matches">Change the filters or the search.</EmptyState> : null}
      <ul className="ad-sortable" aria-label="Articles">
        {articles.data?.articles.map((a) => (
          <ArticleRow key={a.id} article={a} />
        ))}
      </ul>
      {articles.data ? <Pager page={page} total={articles.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
    </main>
  );
}

/** One article's state in words and badges. */
export function ArticleBadges({
  article,
}: {
  article: Pick<AdminArticle, 'isPrivate' | 'needApprove' | 'isPremiumOnly' | 'flagged' | 'declineReason'>;
}) {
  return (
    <>
      <span className="ad-badge">{article.isPrivate ? 'Private' : 'Public'}</span>
      {article.isPremiumOnly ? <span className="ad-badge ad-badge--premium">Premium</span> : null}
      {article.needApprove ? <span className="ad-badge">Waiting for approval</span> : null}
      {article.flagged ? <span className="ad-badge">Flagged</span> : null}
      {article.declineReason ? <span className="ad-badge">Declined</span> : null}
    </>
  );
}

function ArticleRow({ article }: { article: AdminArticle }) {
  const remove = useAdminDeleteArticle({
    onSuccess: () => toast({ title: `“${article.name}” was deleted` }),
    onError: (e) => toast({ title: e.message, variant: 'destructive' }),
  });
  const premium = useMakePublicPremium({
    onSuccess: () => toast({ title: `“${article.name}” is public and premium now` }),
    onError: (e) => toast({ title: e.message, variant: 'destructive' }),
  });
  return (
    <li className="ad-sortable__row">
      <div className="ad-row">
        <div className="ad-row__main">
          <Link href={withQuery(ADMIN_PATHS.editArticle, { id: article.id })} className="ad-row__title">
            {article.name}
          </Link>
          <span className="ad-muted">
            {LANGUAGE_NAMES[article.languageCode]} · {article.generalDifficulty} · {article.category} · {article.authorDisplayName}
          </span>
          <ArticleBadges article={article} />
        </div>
        <div className="ad-actions">
          {article.isPrivate || !article.isPremiumOnly ? (
            <AlertDialog
              trigger={
                <Button size="sm" variant="secondary" aria-label={`Make public premium: “${article.name}”`}>
                  Make public premium
                </Button>
              }
              title={`Make “${article.name}” public premium?`}
              description="It joins the public library for Master subscribers; its author can no longer delete it."
              confirmLabel="Make public premium"
              onConfirm={() => premium.mutate({ body: { articleId: article.id } })}
            />
          ) : null}
          <AlertDialog
            trigger={
              <Button size="sm" variant="danger" aria-label={`Delete “${article.name}”`}>
                Delete
              </Button>
            }
            title={`Delete “${article.name}”?`}
            description="The article leaves the library and its readers' lists. This cannot be undone."
            confirmLabel="Delete article"
            destructive
            onConfirm={() => remove.mutate({ params: { articleId: article.id } })}
          />
        </div>
      </div>
    </li>
  );
}
