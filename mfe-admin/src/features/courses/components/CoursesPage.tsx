import { useState } from 'react';
import { Button, EmptyState, Link, navigate, Pager, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { AlertDialog } from '@verba/kit/ui';
import { LANGUAGE_NAMES } from '@verba/contracts/domain';
import { ADMIN_COURSE_SORTS, type AdminCourse, type AdminCourseSort } from '@verba/contracts/http';
import { SortableList } from '@verba/kit/ui/sortable';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse, useAdminCourses } from '../../../shared/api/courses';
import { useDeleteLesson, useReorderLessons } from '../api/courses';
import { Select } from '../../../components/Select';

/** Languages a page: there are four today, so the pager shows only when more come. */
const PAGE_SIZE = 12;
const SORT_LABELS: Record<AdminCourseSort, string> = {
  language: 'Language',
  title: 'Course title',
  chapters: 'Most chapters',
  hidden: 'Most hidden chapters',
  withoutExercises: 'Most chapters without exercises',
};

/** /app/admin/courses: one course per language; a course's lessons in order (drag or keyboard to reorder). */
export function CoursesPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<AdminCourseSort>('language');
  const courses = useAdminCourses({ search, sort, page, pageSize: PAGE_SIZE });
  const selected = useSearchParam('courseId') ?? courses.data?.languages.find((l) => l.course)?.course?.id;
  return (
    <main>
      <SectionHeader section="admin" title="Courses" subtitle="One course per language: its lessons, chapters and starting points." />
      <div className="ad-toolbar">
        <TextField
          label="Search by language or title"
          type="search"
          value={search}
          onChange={(e) => (setSearch(e.target.value), setPage(1))}
        />
        <Select
          label="Sort by"
          value={sort}
          options={ADMIN_COURSE_SORTS.map((v) => ({ value: v, label: SORT_LABELS[v] }))}
          onChange={(v) => (setSort(v || 'language'), setPage(1))}
        />
      </div>
      {courses.isPending ? <Spinner label="Loading courses…" /> : null}
      {courses.data?.total === 0 ? (
        <EmptyState title="No course matches">Search by the language's name or the course's title.</EmptyState>
      ) : null}
      <QueryErrorNotice query={courses} title="The courses could not be loaded." />
      <nav aria-label="Languages" className="ad-tabs">
        {courses.data?.languages.map(({ languageCode, course }) =>
          course ? (
            <Link
              key={languageCode}
              href={withQuery(ADMIN_PATHS.courses, { courseId: course.id })}
              className="ad-tab"
              aria-current={course.id === selected ? 'page' : undefined}
            >
              {LANGUAGE_NAMES[languageCode]}{' '}
              <span className="ad-muted">
                ({course.totalChapters} chapters{course.hiddenChapters ? `, ${course.hiddenChapters} hidden` : ''})
              </span>
            </Link>
          ) : (
            <Link key={languageCode} href={withQuery(ADMIN_PATHS.createCourse, { languageCode })} className="ad-tab ad-tab--new">
              Create the {LANGUAGE_NAMES[languageCode]} course
            </Link>
          ),
        )}
      </nav>
      {courses.data ? <Pager page={page} total={courses.data.total} pageSize={PAGE_SIZE} onPage={setPage} /> : null}
      {selected ? <CourseLessons courseId={selected} /> : null}
    </main>
  );
}

function CourseLessons({ courseId }: { courseId: string }) {
  const course = useAdminCourse(courseId);
  const reorder = useReorderLessons({
    onError: (e) => toast({ title: 'The new order was not saved.', description: e.message, variant: 'destructive' }),
  });
  if (course.isPending) return <Spinner label="Loading the course…" />;
  if (course.isError) return <QueryErrorNotice query={course} title="The course could not be loaded." />;
  const c = course.data;
  return (
    <section aria-labelledby="ad-course-title" className="ad-panel">
      <div className="ad-panel__head">
        <h2 id="ad-course-title">{c.title}</h2>
        <p className="ad-muted">
          {c.isVisibleOnThePlatform ? 'Visible to learners' : 'Hidden from learners'} · {c.totalChapters} chapters · {c.hiddenChapters}{' '}
          hidden
        </p>
        <div className="ad-actions">
          <Link className="vk-btn vk-btn--secondary vk-btn--sm" href={withQuery(ADMIN_PATHS.editCourse, { courseId: c.id })}>
            Edit course
          </Link>
          <Link className="vk-btn vk-btn--primary vk-btn--sm" href={withQuery(ADMIN_PATHS.createLesson, { courseId: c.id })}>
            Add lesson
          </Link>
        </div>
      </div>
      {c.lessons.length === 0 ? <EmptyState title="No lessons yet">Add the first lesson of this course.</EmptyState> : null}
      <SortableList
        items={c.lessons}
        label="lessons"
        disabled={reorder.isPending}
        onReorder={(lessonIds) =>
          reorder.mutate(
            { params: { courseId: c.id }, body: { lessonIds, expectedRevision: c.revision } },
            { onSuccess: () => toast({ title: 'Lesson order saved' }) },
          )
        }
      >
        {(lesson, index) => <LessonRow course={c} lesson={lesson} number={index + 1} />}
      </SortableList>
    </section>
  );
}

function LessonRow({ course, lesson, number }: { course: AdminCourse; lesson: AdminCourse['lessons'][number]; number: number }) {
  const remove = useDeleteLesson({
    onSuccess: () => toast({ title: `“${lesson.title}” was deleted` }),
    onError: (e) => toast({ title: 'The lesson was not deleted.', description: e.message, variant: 'destructive' }),
  });
  const hidden = lesson.chaptersOrder.filter((ch) => !ch.visible).length;
  const starts = course.startingPoints.filter((p) => p.lesson === lesson.id);
  return (
    <div className="ad-row">
      <div className="ad-row__main">
        <span className="ad-row__title">
          Lesson {number}: {lesson.title}
        </span>
        <span className="ad-muted">
          {lesson.chaptersOrder.length} chapters{hidden ? `, ${hidden} hidden` : ''}
          {starts.length ? ` · starting point: ${starts.map((p) => p.title).join(', ')}` : ''}
        </span>
      </div>
      <div className="ad-actions">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => navigate(withQuery(ADMIN_PATHS.chapters, { courseId: course.id, lessonId: lesson.id }))}
        >
          Chapters
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => navigate(withQuery(ADMIN_PATHS.editLesson, { courseId: course.id, lessonId: lesson.id }))}
        >
          Edit
        </Button>
        <AlertDialog
          trigger={
            <Button size="sm" variant="danger" disabled={remove.isPending}>
              Delete
            </Button>
          }
          title={`Delete “${lesson.title}”?`}
          description={`The lesson and its ${lesson.chaptersOrder.length} chapters leave the course. Learners' progress on them no longer counts. This cannot be undone.`}
          confirmLabel="Delete lesson"
          destructive
          onConfirm={() => remove.mutate({ params: { lessonId: lesson.id }, body: { expectedRevision: course.revision } })}
        />
      </div>
    </div>
  );
}
