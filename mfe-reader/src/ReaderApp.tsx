import { Spinner, pageChunks, usePathname } from '@verba/kit';
import { useSearchParam } from './routing/use-search';
import { loadReaderPage } from './reader-chunk';

// The library and the reader are two chunks: the reader's is fetched as a learner reaches for an article
// (reader-chunk.ts), so the library's first load does not pay for it. The authoring pages (forms,
// react-hook-form, the leave dialog) are a third set, fetched only when an authoring page is opened.
const useLibraryPage = pageChunks(() => import('./features/library/components/LibraryPage'));
const useReaderPage = pageChunks(loadReaderPage);
// Its own chunk: its alert dialog (Radix) need not come with the library's first load.
const useMyArticlesPage = pageChunks(() => import('./features/library/components/MyArticlesPage'));
const useAuthoringPages = pageChunks(() =>
  Promise.all([import('./features/authoring/components/ArticleEditorPage'), import('./features/authoring/components/SeriesPages')]).then(
    ([articleEditor, series]) => ({
      articleEditor,
      series,
    }),
  ),
);
const useDictionaryPage = pageChunks(() => import('./features/dictionary/components/DictionaryPage'));

/**
 * /app/dictionary -> the learner's words and the word-list import;
 * /app/library -> the list; /app/my-articles -> the learner's own; /app/library/<id> -> the reader;
 * /app/add-article, /app/edit-article?id=, /app/series, /app/series/<id> (details), /app/create-series,
 * /app/edit-series?id= -> the authoring pages.
 */
export function ReaderApp() {
  const pathname = usePathname().replace(/\/+$/, '');
  if (pathname === '/app/dictionary') return <DictionaryRoute />;
  if (pathname === '/app/my-articles') return <MyArticlesRoute />;
  const seriesId = SERIES_DETAILS.exec(pathname)?.[1];
  if (seriesId) return <AuthoringRoute pathname="/app/series/details" seriesId={decodeURIComponent(seriesId)} />;
  return AUTHORING_PATHS.has(pathname) ? <AuthoringRoute pathname={pathname} /> : <ReadingRoute pathname={pathname} />;
}

const SERIES_DETAILS = /^\/app\/series\/([^/]+)$/;

const AUTHORING_PATHS = new Set(['/app/add-article', '/app/edit-article', '/app/series', '/app/create-series', '/app/edit-series']);

function DictionaryRoute() {
  const page = useDictionaryPage();
  return page ? <page.DictionaryPage /> : <Spinner label="Loading…" />;
}

function MyArticlesRoute() {
  const page = useMyArticlesPage();
  return page ? <page.MyArticlesPage /> : <Spinner label="Loading…" />;
}

function ReadingRoute({ pathname }: { pathname: string }) {
  const articleId = /^\/app\/library\/([^/]+)$/.exec(pathname)?.[1];
  return articleId ? <ReaderRoute articleId={decodeURIComponent(articleId)} /> : <LibraryRoute />;
}

function LibraryRoute() {
  const seriesId = useSearchParam('seriesId');
  const page = useLibraryPage();
  return page ? <page.LibraryPage key={seriesId ?? ''} /> : <Spinner label="Loading…" />;
}

function ReaderRoute({ articleId }: { articleId: string }) {
  const page = useReaderPage();
  return page ? <page.ReaderPage key={articleId} articleId={articleId} /> : <Spinner label="Loading…" />;
}

function AuthoringRoute({ pathname, seriesId }: { pathname: string; seriesId?: string }) {
  const id = useSearchParam('id') ?? '';
  const pages = useAuthoringPages();
  if (!pages) return <Spinner label="Loading…" />;
  const { articleEditor, series } = pages;
  switch (pathname) {
    case '/app/add-article':
      return <articleEditor.AddArticlePage />;
    case '/app/edit-article':
      return <articleEditor.EditArticlePage key={id} articleId={id} />;
    case '/app/series':
      return <series.SeriesListPage />;
    case '/app/series/details':
      return <series.SeriesDetailsPage key={seriesId} seriesId={seriesId ?? ''} />;
    case '/app/create-series':
      return <series.SeriesEditorPage key="new" />;
    default: // '/app/edit-series'
      return <series.SeriesEditorPage key={id} seriesId={id} />;
  }
}
