import { Spinner, pageChunks, usePathname } from '@verba/kit';
import { chapterIdOf } from './paths';

const usePages = pageChunks(() => import('./pages'));

/** /app/courses -> the course map; /app/courses/chapter/<id> -> the chapter. */
export function LearnApp() {
  const pathname = usePathname();
  const pages = usePages();
  if (!pages) return <Spinner label="Loading…" />;

  const chapterId = chapterIdOf(pathname);
  return chapterId ? <pages.ChapterPage key={chapterId} chapterId={chapterId} /> : <pages.CourseMapPage />;
}
