import { Link, navigate, QueryErrorNotice, SectionHeader, Spinner, toast } from '@verba/kit';
import { TitleForm } from '../../../components/forms';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse } from '../../../shared/api/courses';
import { useAddLesson, useRenameLesson } from '../api/courses';
import { WithHistory } from '../../../components/HistoryTab';

/** /app/admin/create-lesson?courseId and /app/admin/edit-lesson?courseId&lessonId: a lesson's title (and, once it exists, its History tab). */
export function LessonFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const courseId = useSearchParam('courseId');
  const lessonId = useSearchParam('lessonId');
  const course = useAdminCourse(courseId);
  const lesson = course.data?.lessons.find((l) => l.id === lessonId);
  const ready = course.data && (mode === 'create' || lesson);
  return (
    <main>
      <SectionHeader
        section="admin"
        title={mode === 'create' ? 'Create lesson' : 'Edit lesson'}
        subtitle={course.data ? course.data.title : undefined}
      />
      <p>
        <Link href={courseId ? withQuery(ADMIN_PATHS.courses, { courseId }) : ADMIN_PATHS.courses}>← Back to the course</Link>
      </p>
      {!courseId ? <p>Open a course from the courses page first.</p> : null}
      {course.isPending && courseId ? <Spinner label="Loading the course…" /> : null}
      <QueryErrorNotice query={course} title="The course could not be loaded." />
      {course.data && mode === 'edit' && !lesson ? <p role="alert">Lesson not found: it may have been deleted by another admin.</p> : null}
      {ready ? (
        <WithHistory entity="lesson" id={lesson?.id} label="Lesson">
          <LessonEditor courseId={course.data.id} lessonId={lesson?.id} title={lesson?.title ?? ''} revision={course.data.revision} />
        </WithHistory>
      ) : null}
    </main>
  );
}

function LessonEditor({
  courseId,
  lessonId,
  title,
  revision,
}: {
  courseId: string;
  lessonId: string | undefined;
  title: string;
  revision: string;
}) {
  const add = useAddLesson();
  const rename = useRenameLesson();
  const save = async (newTitle: string) => {
    if (lessonId) await rename.mutateAsync({ params: { lessonId }, body: { title: newTitle, expectedRevision: revision } });
    else await add.mutateAsync({ params: { courseId }, body: { title: newTitle, expectedRevision: revision } });
    toast({ title: lessonId ? 'Lesson saved' : `Lesson “${newTitle}” added` });
    navigate(withQuery(ADMIN_PATHS.courses, { courseId }));
  };
  return <TitleForm title={title} submitLabel={lessonId ? 'Save lesson' : 'Add lesson'} onSave={save} />;
}
