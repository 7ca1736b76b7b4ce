import { usePathname } from '@verba/kit';
import { LibraryPage } from './features/library/components/LibraryPage';
import { ReaderPage } from './features/reader/components/ReaderPage';

/** /app/library -> the list; /app/library/<id> -> the reader. */
export function ReaderApp() {
  const pathname = usePathname();
  const id = /^\/app\/library\/([^/]+)\/?$/.exec(pathname)?.[1];
  return id ? <ReaderPage key={id} articleId={decodeURIComponent(id)} /> : <LibraryPage />;
}
