import { Link, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES } from '@verba/contracts/domain';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse, useAdminCourses } from '../../../shared/api/courses';

/** /app/admin/languages/exercises?courseId: every chapter of a course, with links to its two kinds of exercises. */
export function ExercisesPage() {
  const courses = useAdminCourses();
  const courseId = useSearchParam('courseId') ?? courses.data?.languages.find((l) => l.course)?.course?.id;
  const course = useAdminCourse(courseId);
  const summary = courses.data?.languages.find((l) => l.course?.id === courseId)?.course;
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Exercises"
        subtitle="Fill-the-missing-word sentences and comprehension questions learners meet after a chapter's text."
      />
      <nav aria-label="Courses" className="ad-tabs">
        {courses.data?.languages.map(({ languageCode, course: c }) =>
          c ? (
            <Link
              key={languageCode}
              href={withQuery(ADMIN_PATHS.exercises, { courseId: c.id })}
              className="ad-tab"
              aria-current={c.id === courseId ? 'page' : undefined}
            >
              {LANGUAGE_NAMES[languageCode]} <span className="ad-muted">({c.chaptersWithoutExercises} without exercises)</span>
            </Link>
          ) : null,
        )}
      </nav>
      {course.isPending && courseId ? <Spinner label="Loading chapters…" /> : null}
      <QueryErrorNotice query={course} title="The course could not be loaded." />
      {summary ? (
        <p role="status">
          {summary.chaptersWithoutExercises} of {summary.totalChapters} chapters have no exercises yet.
        </p>
      ) : null}
      {course.data?.lessons.map((lesson, i) => (
        <section key={lesson.id} className="ad-panel ad-panel--spaced" aria-label={`Lesson ${i + 1}: ${lesson.title}`}>
          <h2 className="ad-panel__subtitle">
            Lesson {i + 1}: {lesson.title}
          </h2>
          <ul className="ad-sortable">
            {lesson.chaptersOrder.map((chapter) => (
              <li key={chapter.id} className="ad-sortable__row">
                <div className="ad-row">
                  <span className="ad-row__title">{chapter.title}</span>
                  <div className="ad-actions">
                    <Link
                      className="vk-btn vk-btn--secondary vk-btn--sm"
                      href={withQuery(ADMIN_PATHS.missingWords, { chapterId: chapter.id })}
                      aria-label={`Missing words of ${chapter.title}`}
                    >
                      Missing words
                    </Link>
                    <Link
                      className="vk-btn vk-btn--secondary vk-btn--sm"
                      href={withQuery(ADMIN_PATHS.askQuestions, { chapterId: chapter.id })}
                      aria-label={`Questions of ${chapter.title}`}
                    >
                      Questions
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
