import { Button, EmptyState, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { AlertDialog, Switch } from '@verba/kit/ui';
import { type AdminCourse } from '@verba/contracts/http';
import { SortableList } from '@verba/kit/ui/sortable';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse } from '../../../shared/api/courses';
import { useDeleteChapter, useReorderChapters, useSetChapterFlags } from '../api/courses';

type Chapter = AdminCourse['lessons'][number]['chaptersOrder'][number];

/** /app/admin/courses/chapters?courseId&lessonId: a lesson's chapters in order, their flags, edit and delete. */
export function ChaptersPage() {
  const courseId = useSearchParam('courseId');
  const lessonId = useSearchParam('lessonId');
  const course = useAdminCourse(courseId);
  const reorder = useReorderChapters({
    onError: (e) => toast({ title: 'The new order was not saved.', description: e.message, variant: 'destructive' }),
  });
  const lesson = course.data?.lessons.find((l) => l.id === lessonId);
  const back = courseId ? withQuery(ADMIN_PATHS.courses, { courseId }) : ADMIN_PATHS.courses;
  return (
    <main>
      <SectionHeader
        section="admin"
        title={lesson ? `Chapters of “${lesson.title}”` : 'Chapters'}
        subtitle="Drag a chapter by its handle, or focus the handle and use Space and the arrow keys, to change the order."
      />
      <p>
        <Link href={back}>← Back to the course</Link>
      </p>
      {!courseId || !lessonId ? <EmptyState title="Choose a lesson">Open a lesson's chapters from the course page.</EmptyState> : null}
      {course.isPending && courseId ? <Spinner label="Loading chapters…" /> : null}
      <QueryErrorNotice query={course} title="The chapters could not be loaded." />
      {course.data && lessonId && !lesson ? (
        <EmptyState title="Lesson not found">It may have been deleted by another admin.</EmptyState>
      ) : null}
      {course.data && lesson ? (
        <section className="ad-panel" aria-label="Chapters">
          <div className="ad-actions">
            <Link
              className="vk-btn vk-btn--primary vk-btn--sm"
              href={withQuery(ADMIN_PATHS.createChapter, { courseId: course.data.id, lessonId: lesson.id })}
            >
              Add chapter
            </Link>
          </div>
          {lesson.chaptersOrder.length === 0 ? (
            <EmptyState title="No chapters yet">Add the first chapter of this lesson.</EmptyState>
          ) : null}
          <SortableList
            items={lesson.chaptersOrder}
            label="chapters"
            disabled={reorder.isPending}
            onReorder={(chapterIds) =>
              reorder.mutate(
                { params: { lessonId: lesson.id }, body: { chapterIds, expectedRevision: course.data.revision } },
                { onSuccess: () => toast({ title: 'Chapter order saved' }) },
              )
            }
          >
            {(chapter, index) => <ChapterRow course={course.data} chapter={chapter} number={index + 1} />}
          </SortableList>
        </section>
      ) : null}
    </main>
  );
}

function ChapterRow({ course, chapter, number }: { course: AdminCourse; chapter: Chapter; number: number }) {
  const failed = (what: string) => (e: Error) => toast({ title: what, description: e.message, variant: 'destructive' });
  const flags = useSetChapterFlags({ onError: failed('The chapter was not changed.') });
  const remove = useDeleteChapter({
    onSuccess: () => toast({ title: `“${chapter.title}” was deleted` }),
    onError: failed('The chapter was not deleted.'),
  });
  const setFlag = (flag: 'visible' | 'premium', value: boolean) =>
    flags.mutate({ params: { chapterId: chapter.id }, body: { [flag]: value, expectedRevision: course.revision } });
  return (
    <div className="ad-row">
      <div className="ad-row__main">
        <span className="ad-row__title">
          {number}. {chapter.title}
        </span>
        {!chapter.visible ? <span className="ad-badge">Hidden</span> : null}
        {chapter.premium ? <span className="ad-badge ad-badge--premium">Master</span> : null}
      </div>
      <div className="ad-actions">
        <Switch label="Visible" checked={chapter.visible} disabled={flags.isPending} onCheckedChange={(v) => setFlag('visible', v)} />
        <Switch label="Premium" checked={chapter.premium} disabled={flags.isPending} onCheckedChange={(v) => setFlag('premium', v)} />
        <Button
          size="sm"
          variant="ghost"
          onClick={() => navigate(withQuery(ADMIN_PATHS.editChapter, { chapterId: chapter.id }))}
          aria-label={`Edit ${chapter.title}`}
        >
          Edit
        </Button>
        <AlertDialog
          trigger={
            <Button size="sm" variant="danger" disabled={remove.isPending} aria-label={`Delete ${chapter.title}`}>
              Delete
            </Button>
          }
          title={`Delete “${chapter.title}”?`}
          description="The chapter leaves its lesson; learners' progress on it no longer counts. This cannot be undone."
          confirmLabel="Delete chapter"
          destructive
          onConfirm={() => remove.mutate({ params: { chapterId: chapter.id }, body: { expectedRevision: course.revision } })}
        />
      </div>
    </div>
  );
}
