import { useEffect, useState } from 'react';
import { Spinner, usePathname } from '@verba/kit';
import { useSearchParam } from './routing/use-search';

type LibraryModule = typeof import('./features/library/components/LibraryPage');
type ReaderModule = typeof import('./features/reader/components/ReaderPage');
type ArticleEditorModule = typeof import('./features/authoring/components/ArticleEditorPage');
type SeriesModule = typeof import('./features/authoring/components/SeriesPages');

// Page chunks keep the fragment's entry small; they load together on first mount, so opening an
// article from the list (or the editor from the reader) renders at once. (Not React.lazy: React 19
// throttles a Suspense reveal by up to 300 ms, which the reader's time-to-interactive would pay on
// every first open.)
const pages: { library?: LibraryModule; reader?: ReaderModule; articleEditor?: ArticleEditorModule; series?: SeriesModule } = {};
let loading: Promise<void> | undefined;
const loadPages = () =>
  (loading ??= Promise.all([
    import('./features/library/components/LibraryPage').then((m) => void (pages.library = m)),
    import('./features/reader/components/ReaderPage').then((m) => void (pages.reader = m)),
    import('./features/authoring/components/ArticleEditorPage').then((m) => void (pages.articleEditor = m)),
    import('./features/authoring/components/SeriesPages').then((m) => void (pages.series = m)),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined; // a failed chunk load may be retried (the error boundary offers it)
      throw error;
    },
  ));
const loaded = () => !!(pages.library && pages.reader && pages.articleEditor && pages.series);

/**
 * /app/library -> the list; /app/library/<id> -> the reader; /app/add-article, /app/edit-article?id=,
 * /app/series, /app/create-series, /app/edit-series?id= -> the authoring pages.
 */
export function ReaderApp() {
  const pathname = usePathname().replace(/\/+$/, '');
  const id = useSearchParam('id') ?? '';
  const seriesId = useSearchParam('seriesId');
  const [failure, setFailure] = useState<Error | null>(null);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!loaded()) loadPages().then(() => setLoaded(true), setFailure);
  }, []);
  if (failure) throw failure;
  const { library, reader, articleEditor, series } = pages;
  if (!library || !reader || !articleEditor || !series) return <Spinner label="Loading…" />;

  const articleId = /^\/app\/library\/([^/]+)$/.exec(pathname)?.[1];
  if (articleId) return <reader.ReaderPage key={articleId} articleId={decodeURIComponent(articleId)} />;
  switch (pathname) {
    case '/app/add-article':
      return <articleEditor.AddArticlePage />;
    case '/app/edit-article':
      return <articleEditor.EditArticlePage key={id} articleId={id} />;
    case '/app/series':
      return <series.SeriesListPage />;
    case '/app/create-series':
      return <series.SeriesEditorPage key="new" />;
    case '/app/edit-series':
      return <series.SeriesEditorPage key={id} seriesId={id} />;
    default:
      return <library.LibraryPage key={seriesId ?? ''} />;
  }
}
