import { ApiError, EmptyState, ErrorNotice, Link, SectionHeader, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES } from '@verba/contracts';
import { ProgressBar } from '@verba/kit/ui';
import { useCourse } from '../api/courses-api';
import { useLessons, useProgress } from '../../../shared/courses-api';
import { courseTally, findChapter, percent } from '../../../shared/progress';
import { useLearningLanguage } from '../../../language';
import { LessonCard } from './LessonCard';
import { NextChapterCta } from './NextChapterCta';
import { StartingPointChooser, usePlaceByOnboardingLevel } from './StartingPoint';

const NO_COMPLETED: ReadonlySet<string> = new Set();

/** /app/courses: the course of the learner's current language, lesson by lesson. */
export function CourseMapPage() {
  const languageCode = useLearningLanguage();
  const course = useCourse(languageCode);
  const lessons = useLessons(course.data?.id);
  const progress = useProgress(languageCode);
  const language = LANGUAGE_NAMES[languageCode];
  usePlaceByOnboardingLevel(languageCode, progress.data);

  const header = <SectionHeader section="courses" title="Courses" subtitle={`Your ${language} course, chapter by chapter.`} />;
  const failed = course.error ?? lessons.error ?? progress.error;
  if (failed) {
    const unavailable = failed instanceof ApiError && failed.status === 404;
    return (
      <main className="ln-page">
        {header}
        {unavailable ? (
          <EmptyState title={`No ${language} course yet`}>
            <p>
              {failed.message} Meanwhile, <Link href="/app/library">read articles in the library</Link>.
            </p>
          </EmptyState>
        ) : (
          <ErrorNotice
            title="The course could not be loaded."
            detail={failed.message}
            onRetry={() => void Promise.all([course.refetch(), lessons.refetch(), progress.refetch()])}
          />
        )}
      </main>
    );
  }
  if (!course.data || !lessons.data || progress.isPending) {
    return (
      <main className="ln-page">
        {header}
        <Spinner label="Loading your course…" />
      </main>
    );
  }

  const lessonList = lessons.data.lessons;
  const completed = progress.data ? new Set(progress.data.completedChapterIds) : NO_COMPLETED;
  const overall = courseTally(lessonList, completed);
  const next = progress.data?.nextChapter;
  return (
    <main className="ln-page ln-map">
      {header}
      <section className="ln-overview" aria-label="Course progress">
        <h2 className="ln-overview__title">{course.data.title}</h2>
        {progress.data?.startingPoint ? <p className="ln-muted">Starting point: {progress.data.startingPoint.title}</p> : null}
        <p className="ln-overview__tally">
          {overall.completed} of {overall.total} chapters completed
        </p>
        <ProgressBar value={percent(overall)} label="Course progress" />
        {progress.data ? (
          <NextChapterCta progress={progress.data} title={next ? findChapter(lessonList, next.chapterId)?.chapter.title : undefined} />
        ) : null}
        {progress.data ? <StartingPointChooser course={course.data} progress={progress.data} /> : null}
      </section>
      {overall.total === 0 ? (
        <EmptyState title="No chapters yet">
          <p>This course has no chapters yet. Check back soon.</p>
        </EmptyState>
      ) : (
        lessonList.map((lesson, i) => (
          <LessonCard key={lesson.id} lesson={lesson} number={i + 1} completed={completed} nextChapterId={next?.chapterId} />
        ))
      )}
    </main>
  );
}
