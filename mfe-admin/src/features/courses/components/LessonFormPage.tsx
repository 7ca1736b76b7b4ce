import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, ErrorNotice, Link, SectionHeader, Spinner, TextField, navigate, toast } from '@verba/kit';
import { useCommand } from '@verba/kit/query';
import { CourseItemTitleSchema, addLesson, renameLesson } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminCourse } from '../api/courses';

const LessonForm = z.object({ title: CourseItemTitleSchema });
type LessonValues = z.infer<typeof LessonForm>;

/** /app/admin/create-lesson?courseId and /app/admin/edit-lesson?courseId&lessonId: a lesson's title. */
export function LessonFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const courseId = useSearchParam('courseId');
  const lessonId = useSearchParam('lessonId');
  const course = useAdminCourse(courseId);
  const lesson = course.data?.lessons.find((l) => l.id === lessonId);
  const ready = course.data && (mode === 'create' || lesson);
  return (
    <main>
      <SectionHeader section="admin" title={mode === 'create' ? 'Create lesson' : 'Edit lesson'} subtitle={course.data ? course.data.title : undefined} />
      <p>
        <Link href={courseId ? withQuery(ADMIN_PATHS.courses, { courseId }) : ADMIN_PATHS.courses}>← Back to the course</Link>
      </p>
      {!courseId ? <p>Open a course from the courses page first.</p> : null}
      {course.isPending && courseId ? <Spinner label="Loading the course…" /> : null}
      {course.isError ? <ErrorNotice title="The course could not be loaded." detail={course.error.message} onRetry={() => void course.refetch()} /> : null}
      {course.data && mode === 'edit' && !lesson ? <p role="alert">Lesson not found: it may have been deleted by another admin.</p> : null}
      {ready ? <LessonEditor courseId={course.data.id} lessonId={lesson?.id} title={lesson?.title ?? ''} revision={course.data.revision} /> : null}
    </main>
  );
}

function LessonEditor({ courseId, lessonId, title, revision }: { courseId: string; lessonId: string | undefined; title: string; revision: string }) {
  const add = useCommand(addLesson);
  const rename = useCommand(renameLesson);
  const form = useForm<LessonValues>({ resolver: zodResolver(LessonForm), defaultValues: { title }, mode: 'onTouched' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (lessonId) await rename.mutateAsync({ params: { lessonId }, body: { title: values.title, expectedRevision: revision } });
      else await add.mutateAsync({ params: { courseId }, body: { title: values.title, expectedRevision: revision } });
      toast({ title: lessonId ? 'Lesson saved.' : `Lesson “${values.title}” added.` });
      navigate(withQuery(ADMIN_PATHS.courses, { courseId }));
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate>
      {form.formState.errors.root ? <p role="alert" className="ad-error">{form.formState.errors.root.message}</p> : null}
      <TextField label="Title" required error={form.formState.errors.title?.message} {...form.register('title')} />
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : lessonId ? 'Save lesson' : 'Add lesson'}
      </Button>
    </form>
  );
}
