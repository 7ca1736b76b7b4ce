import { Spinner, pageChunks, usePathname } from '@verba/kit';
import { useSearchParam } from './routing/use-search';

// The fragment's pages load together on first mount (see pageChunks), so opening an article from the
// list (or the editor from the reader) renders at once.
const usePages = pageChunks(() =>
  Promise.all([
    import('./features/library/components/LibraryPage'),
    import('./features/reader/components/ReaderPage'),
    import('./features/authoring/components/ArticleEditorPage'),
    import('./features/authoring/components/SeriesPages'),
  ]).then(([library, reader, articleEditor, series]) => ({ library, reader, articleEditor, series })),
);

/**
 * /app/library -> the list; /app/library/<id> -> the reader; /app/add-article, /app/edit-article?id=,
 * /app/series, /app/create-series, /app/edit-series?id= -> the authoring pages.
 */
export function ReaderApp() {
  const pathname = usePathname().replace(/\/+$/, '');
  const id = useSearchParam('id') ?? '';
  const seriesId = useSearchParam('seriesId');
  const pages = usePages();
  if (!pages) return <Spinner label="Loading…" />;
  const { library, reader, articleEditor, series } = pages;

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
