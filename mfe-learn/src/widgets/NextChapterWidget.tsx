import { LANGUAGE_NAMES } from '@verba/contracts';
/**
 * The dashboard's "next chapter" card, exposed as ./next-chapter-widget. The shell mounts it with the
 * Module Federation runtime inside its own React tree; DashboardWidget brings the query provider (the shared
 * cache: the course map and this card agree).
 */
import { ErrorNotice, Link, Spinner } from '@verba/kit';
import { DashboardWidget } from '@verba/kit/query';
import { useLessons, useProgress } from '../shared/courses-api';
import { findChapter } from '../shared/progress';
import { usePlaceByOnboardingLevel } from '../features/course-map/components/StartingPoint';
import { useLearningLanguage } from '../language';
import { COURSES_PATH, SUBSCRIBE_PATH, chapterPath } from '../paths';
import './widget.css';

function NextChapter() {
  const languageCode = useLearningLanguage();
  const progress = useProgress(languageCode);
  const lessons = useLessons(progress.data?.courseId);
  usePlaceByOnboardingLevel(languageCode, progress.data);
  const failed = progress.error ?? lessons.error;
  if (failed)
    return (
      <ErrorNotice
        title="Your next chapter could not be loaded."
        detail={failed.message}
        onRetry={() => void Promise.all([progress.refetch(), lessons.refetch()])}
      />
    );
  if (progress.isPending || (progress.data && lessons.isPending)) return <Spinner label="Loading your course…" />;

  const course = progress.data;
  if (!course) return <p className="lnw-muted">There is no {LANGUAGE_NAMES[languageCode]} course yet.</p>;
  const next = course.nextChapter;
  if (!next) {
    return course.finished ? (
      <p className="lnw-done">
        Course finished. <Link href={COURSES_PATH}>Review your chapters</Link>
      </p>
    ) : (
      <p className="lnw-muted">This course has no chapters yet.</p>
    );
  }
  const place = lessons.data ? findChapter(lessons.data.lessons, next.chapterId) : undefined;
  const started = course.completedChapterIds.length > 0;
  return (
    <>
      <p className="lnw-title">{place?.chapter.title ?? 'Your next chapter'}</p>
      {place ? <p className="lnw-muted">{place.lesson.title}</p> : null}
      {next.locked ? (
        <Link href={SUBSCRIBE_PATH} className="vk-btn vk-btn--primary vk-btn--md">
          Upgrade to Master to continue
        </Link>
      ) : (
        <Link href={chapterPath(next.chapterId)} className="vk-btn vk-btn--primary vk-btn--md">
          {started ? 'Continue' : 'Start learning'}
        </Link>
      )}
    </>
  );
}

export default function NextChapterWidget() {
  return (
    <DashboardWidget title="Next chapter" className="lnw">
      <NextChapter />
    </DashboardWidget>
  );
}
