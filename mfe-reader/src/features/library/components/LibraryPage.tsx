import { useState } from 'react';
import { Button, EmptyState, Link, Pager, QueryErrorNotice, SectionHeader, Spinner, useSession } from '@verba/kit';
import { LearningLanguageSchema, LANGUAGE_NAMES } from '@verba/contracts';
import { PAGE_SIZE, useArticles, useProfile, type ArticleFilters } from '../api/articles';
import { useSeriesList } from '../../../shared/series-api';
import { saveView, storedView, type LibraryView } from '../api/view-preference';
import { ArticleCards } from './ArticleCards';
import { ArticleTable } from './ArticleTable';
import { LibraryFilters } from './LibraryFilters';
import { RecentlyRead } from './RecentlyRead';

const VIEWS: Array<[LibraryView, string]> = [
  ['table', 'Table'],
  ['cards', 'Cards'],
];

/** A series link (/app/library?seriesId=...) opens the library filtered to it, in reading order (oldest first). */
const initialFilters = (): ArticleFilters => {
  const seriesId = new URLSearchParams(window.location.search).get('seriesId');
  return seriesId ? { seriesId, sort: 'oldest' } : {};
};

export function LibraryPage() {
  const { user } = useSession();
  const languageCode = LearningLanguageSchema.catch('de').parse(user?.currentLearningLanguage);
  const [filters, setFilters] = useState<ArticleFilters>(initialFilters);
  const [chosen, setView] = useState<LibraryView | null>(storedView);
  const profile = useProfile(chosen === null);
  // Table is the spec's default; a choice made on another device comes with the account's settings.
  const view = chosen ?? profile.data?.settings.library?.view ?? 'table';
  const result = useArticles(languageCode, filters);
  const series = useSeriesList(languageCode);
  const data = result.data;
  const filtered = Object.entries(filters).some(([key, value]) => value !== undefined && key !== 'page' && key !== 'sort');

  const choose = (next: LibraryView) => {
    setView(next);
    saveView(next);
  };

  return (
    <main>
      <SectionHeader section="library" title="Library" subtitle={`Articles in ${LANGUAGE_NAMES[languageCode]}`} />
      <div className="rd-toolbar">
        <div className="rd-toolbar__links">
          <Link href="/app/add-article" className="vk-btn vk-btn--primary vk-btn--sm">
            Add article
          </Link>
          <Link href="/app/my-articles" className="vk-btn vk-btn--secondary vk-btn--sm">
            My articles
          </Link>
          <Link href="/app/series" className="vk-btn vk-btn--secondary vk-btn--sm">
            Series
          </Link>
          <Link href="/app/dictionary" className="vk-btn vk-btn--secondary vk-btn--sm">
            My words
          </Link>
        </div>
        <div role="group" aria-label="View" className="rd-view-toggle">
          {VIEWS.map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={view === value ? 'primary' : 'secondary'}
              aria-pressed={view === value}
              onClick={() => choose(value)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      <RecentlyRead languageCode={languageCode} />
      <LibraryFilters
        filters={filters}
        series={series.data?.series ?? []}
        onChange={(patch) => setFilters((current) => ({ ...current, ...patch }))}
      />
      {result.isPending ? <Spinner label="Loading articles…" /> : null}
      {result.isError ? <QueryErrorNotice query={result} title="The library could not be loaded." /> : null}
      {data?.articles.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No articles match these filters"
            action={
              <Button variant="secondary" onClick={() => setFilters({})}>
                Clear filters
              </Button>
            }
          >
            <p>Try another category, level or search.</p>
          </EmptyState>
        ) : (
          <EmptyState
            title={`No articles in ${LANGUAGE_NAMES[languageCode]} yet`}
            action={<Link href="/app/add-article">Add your own article</Link>}
          >
            <p>New articles are added regularly. Check back soon.</p>
          </EmptyState>
        )
      ) : null}
      {data && data.articles.length > 0 ? (
        <>
          <p className="rd-total" aria-live="polite">
            {data.total === 1 ? '1 article' : `${data.total.toLocaleString()} articles`}
          </p>
          {view === 'table' ? <ArticleTable articles={data.articles} /> : <ArticleCards articles={data.articles} />}
          <Pager
            label="Library pages"
            className="rd-pagination"
            page={data.page}
            pageSize={data.pageSize ?? PAGE_SIZE}
            total={data.total}
            onPage={(page) => setFilters({ ...filters, page })}
          />
        </>
      ) : null}
    </main>
  );
}
