import { Link, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { Switch } from '@verba/kit/ui';
import { LANGUAGE_NAMES } from '@verba/contracts/domain';
import { ADMIN_PATHS, withQuery } from '../../../routing/admin-paths';
import { useAdminCourses } from '../../../shared/api/courses';
import { useSetCourseVisibility } from '../api/languages';

/**
 * /app/admin/languages: each language's record (isVisibleOnThePlatform). A hidden language's course
 * disappears for learners (and from onboarding's choices); admins keep seeing it.
 */
export function LanguagesPage() {
  const courses = useAdminCourses();
  const visibility = useSetCourseVisibility({
    onSuccess: () => toast({ title: 'Language visibility saved' }),
    onError: (e) => toast({ title: 'The visibility was not changed.', description: e.message, variant: 'destructive' }),
  });
  return (
    <main>
      <SectionHeader section="admin" title="Languages" subtitle="Which languages learners can choose, and where each course starts." />
      {courses.isPending ? <Spinner label="Loading languages…" /> : null}
      <QueryErrorNotice query={courses} title="The languages could not be loaded." />
      <ul className="ad-sortable" aria-label="Languages">
        {courses.data?.languages.map(({ languageCode, course }) => (
          <li key={languageCode} className="ad-sortable__row">
            <div className="ad-row">
              <div className="ad-row__main">
                <span className="ad-row__title">{LANGUAGE_NAMES[languageCode]}</span>
                <span className="ad-muted">{course ? `${course.title} · ${course.totalChapters} chapters` : 'No course yet'}</span>
              </div>
              <div className="ad-actions">
                {course ? (
                  <>
                    <Switch
                      label={`${LANGUAGE_NAMES[languageCode]} visible on the platform`}
                      checked={course.isVisibleOnThePlatform}
                      disabled={visibility.isPending}
                      onCheckedChange={(isVisibleOnThePlatform) =>
                        visibility.mutate({ params: { courseId: course.id }, body: { isVisibleOnThePlatform } })
                      }
                    />
                    <Link
                      className="vk-btn vk-btn--secondary vk-btn--sm"
                      href={withQuery(ADMIN_PATHS.startingPoints, { courseId: course.id })}
                    >
                      Starting points
                    </Link>
                  </>
                ) : (
                  <Link className="vk-btn vk-btn--primary vk-btn--sm" href={withQuery(ADMIN_PATHS.createCourse, { languageCode })}>
                    Create course
                  </Link>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
