import { Link } from '@verba/kit';
import type { CourseProgress } from '@verba/contracts';
import { SUBSCRIBE_PATH, chapterPath } from '../../../paths';

/** The course map's call to action: continue with the next chapter, upgrade for it, or done. */
export function NextChapterCta({ progress, title }: { progress: CourseProgress; title: string | undefined }) {
  const next = progress.nextChapter;
  if (!next) {
    return progress.finished ? (
      <p className="ln-cta ln-cta--done" role="status">
        Course finished. Well done!
      </p>
    ) : null;
  }
  const started = progress.completedChapterIds.length > 0;
  if (next.locked) {
    return (
      <p className="ln-cta">
        Next: <strong>{title}</strong> is for Master subscribers.{' '}
        <Link href={SUBSCRIBE_PATH} className="vk-btn vk-btn--primary vk-btn--md">
          Upgrade to Master
        </Link>
      </p>
    );
  }
  return (
    <p className="ln-cta">
      <Link href={chapterPath(next.chapterId)} className="vk-btn vk-btn--primary vk-btn--md">
        {started ? 'Continue' : 'Start learning'}
      </Link>{' '}
      <span className="ln-cta__next">
        Next chapter: <strong>{title}</strong>
      </span>
    </p>
  );
}
