import { Link } from '@verba/kit';
import { useChapterOrder } from '../api/chapter-api';
import { chapterPath } from '../../../paths';

/**
 * The chapters before and after this one in the course's reading order (courses/chapter-order), so a
 * learner can go back to a chapter or look ahead without the course map. Nothing while it loads or fails:
 * the course map link above still leads everywhere.
 */
export function ChapterNav({ courseId, chapterId }: { courseId: string; chapterId: string }) {
  const order = useChapterOrder(courseId);
  const chapters = order.data?.chapters ?? [];
  const at = chapters.findIndex((c) => c.id === chapterId);
  if (at < 0) return null;
  const previous = chapters[at - 1];
  const next = chapters[at + 1];
  if (!previous && !next) return null;
  return (
    <nav className="ln-chapter-nav" aria-label="Chapters">
      {previous ? <Link href={chapterPath(previous.id)}>← Previous: {previous.title}</Link> : <span />}
      {next ? (
        <Link href={chapterPath(next.id)}>
          Next: {next.title}
          {next.locked ? ' (Master)' : ''} →
        </Link>
      ) : null}
    </nav>
  );
}
