import { Button, EmptyState, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { LANGUAGE_NAMES, LEVEL_NAMES } from '@verba/contracts/domain';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse, useAdminCourses } from '../../../shared/api/courses';
import { useDeleteStartingPoint } from '../api/languages';

/** /app/admin/languages/starting-points?courseId: where onboarding places a learner, by level. */
export function StartingPointsPage() {
  const courses = useAdminCourses();
  const courseId = useSearchParam('courseId') ?? courses.data?.languages.find((l) => l.course)?.course?.id;
  const course = useAdminCourse(courseId);
  const remove = useDeleteStartingPoint({
    onSuccess: () => toast({ title: 'Starting point deleted' }),
    onError: (e) => toast({ title: 'The starting point was not deleted.', description: e.message, variant: 'destructive' }),
  });
  const c = course.data;
  const lessonTitle = (id: string) => c?.lessons.find((l) => l.id === id)?.title ?? 'a deleted lesson';
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Starting points"
        subtitle="Onboarding places a learner at the highest starting point at or below their level."
      />
      <nav aria-label="Courses" className="ad-tabs">
        {courses.data?.languages.map(({ languageCode, course: summary }) =>
          summary ? (
            <Link
              key={languageCode}
              href={withQuery(ADMIN_PATHS.startingPoints, { courseId: summary.id })}
              className="ad-tab"
              aria-current={summary.id === courseId ? 'page' : undefined}
            >
              {LANGUAGE_NAMES[languageCode]}
            </Link>
          ) : null,
        )}
      </nav>
      {course.isPending && courseId ? <Spinner label="Loading…" /> : null}
      <QueryErrorNotice query={course} title="The course could not be loaded." />
      {c ? (
        <section className="ad-panel" aria-label={`Starting points of ${c.title}`}>
          <div className="ad-actions">
            <Link className="vk-btn vk-btn--primary vk-btn--sm" href={withQuery(ADMIN_PATHS.createStartingPoint, { courseId: c.id })}>
              Add starting point
            </Link>
          </div>
          {c.startingPoints.length === 0 ? (
            <EmptyState title="No starting points">Learners start at the course's first lesson.</EmptyState>
          ) : null}
          <ul className="ad-sortable">
            {c.startingPoints.map((p) => (
              <li key={p.id} className="ad-sortable__row">
                <div className="ad-row">
                  <div className="ad-row__main">
                    <span className="ad-row__title">{p.title}</span>
                    <span className="ad-muted">
                      {p.level} {LEVEL_NAMES[p.level]} · starts at “{lessonTitle(p.lesson)}”
                    </span>
                  </div>
                  <div className="ad-actions">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${p.title}`}
                      onClick={() => navigate(withQuery(ADMIN_PATHS.updateStartingPoint, { courseId: c.id, startingPointId: p.id }))}
                    >
                      Edit
                    </Button>
                    <AlertDialog
                      trigger={
                        <Button size="sm" variant="danger" aria-label={`Delete ${p.title}`}>
                          Delete
                        </Button>
                      }
                      title={`Delete “${p.title}”?`}
                      description="Learners who chose it will start from the course's first lesson; their completed chapters still count."
                      confirmLabel="Delete starting point"
                      destructive
                      onConfirm={() =>
                        remove.mutate({ params: { courseId: c.id, startingPointId: p.id }, body: { expectedRevision: c.revision } })
                      }
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
