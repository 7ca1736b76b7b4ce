import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { LANGUAGE_NAMES, LEARNING_LANGUAGES, type LearningLanguage } from '@verba/contracts/domain';
import { CourseItemTitleSchema } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { FormError, TitleForm, useGuardedSubmit } from '../../../components/forms';
import { WithHistory } from '../../../components/HistoryTab';
import { useAdminCourse, useAdminCourses } from '../../../shared/api/courses';
import { useCreateCourse, useRenameCourse } from '../api/courses';

const CreateCourseForm = z.object({ title: CourseItemTitleSchema });
type TitleValues = z.infer<typeof CreateCourseForm>;

/** /app/admin/create-course?languageCode: the course of a language that has none (one per language). */
export function CreateCoursePage() {
  const courses = useAdminCourses();
  const asked = useSearchParam('languageCode');
  const free = courses.data?.languages.filter((l) => !l.course).map((l) => l.languageCode) ?? [];
  const [language, setLanguage] = useState<LearningLanguage | ''>('');
  const chosen = language || (free.includes(asked as LearningLanguage) ? (asked as LearningLanguage) : free[0]) || '';
  const create = useCreateCourse();
  const form = useForm<TitleValues>({ resolver: zodResolver(CreateCourseForm), defaultValues: { title: '' }, mode: 'onTouched' });
  const { onSubmit, dialog } = useGuardedSubmit(form, async ({ title }) => {
    if (!chosen) return;
    const { courseId } = await create.mutateAsync({ body: { languageCode: chosen, title } });
    toast({ title: `The ${LANGUAGE_NAMES[chosen]} course was created` });
    navigate(withQuery(ADMIN_PATHS.courses, { courseId }));
  });
  return (
    <main>
      <SectionHeader section="admin" title="Create course" subtitle="Each language has one course." />
      <p>
        <Link href={ADMIN_PATHS.courses}>← Back to courses</Link>
      </p>
      {courses.isPending ? <Spinner label="Loading…" /> : null}
      {courses.data && free.length === 0 ? (
        <p role="status">Every language already has its course: {LEARNING_LANGUAGES.map((l) => LANGUAGE_NAMES[l]).join(', ')}.</p>
      ) : null}
      {free.length > 0 ? (
        <form className="ad-form" onSubmit={onSubmit} noValidate>
          {dialog}
          <FormError message={form.formState.errors.root?.message} />
          <div className="vk-field">
            <label className="vk-field__label" htmlFor="ad-course-language">
              Language
            </label>
            <select
              id="ad-course-language"
              className="vk-input"
              value={chosen}
              onChange={(e) => setLanguage(e.target.value as LearningLanguage)}
            >
              {free.map((l) => (
                <option key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Title" required error={form.formState.errors.title?.message} {...form.register('title')} />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Creating…' : 'Create course'}
          </Button>
        </form>
      ) : null}
    </main>
  );
}

/** /app/admin/edit-course?courseId: the course's title (its visibility is on the languages page). */
export function EditCoursePage() {
  const courseId = useSearchParam('courseId');
  const course = useAdminCourse(courseId);
  return (
    <main>
      <SectionHeader section="admin" title="Edit course" />
      <p>
        <Link href={courseId ? withQuery(ADMIN_PATHS.courses, { courseId }) : ADMIN_PATHS.courses}>← Back to the course</Link>
      </p>
      {course.isPending && courseId ? <Spinner label="Loading the course…" /> : null}
      <QueryErrorNotice query={course} title="The course could not be loaded." />
      {!courseId ? <p>Open a course from the courses page to edit it.</p> : null}
      {course.data ? (
        <WithHistory entity="course" id={course.data.id} label="Course">
          <EditCourseForm courseId={course.data.id} title={course.data.title} revision={course.data.revision} />
        </WithHistory>
      ) : null}
    </main>
  );
}

function EditCourseForm({ courseId, title, revision }: { courseId: string; title: string; revision: string }) {
  const rename = useRenameCourse();
  const save = async (newTitle: string) => {
    await rename.mutateAsync({ params: { courseId }, body: { title: newTitle, expectedRevision: revision } });
    toast({ title: 'Course saved' });
    navigate(withQuery(ADMIN_PATHS.courses, { courseId }));
  };
  return <TitleForm title={title} submitLabel="Save course" onSave={save} />;
}
