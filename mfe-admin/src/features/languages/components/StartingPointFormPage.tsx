import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { LEVELS, LEVEL_NAMES, LevelSchema } from '@verba/contracts/domain';
import { CourseItemTitleSchema, type AdminCourse } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { FormError, useGuardedSubmit } from '../../../components/forms';
import { useAdminCourse } from '../../../shared/api/courses';
import { WithHistory } from '../../../components/HistoryTab';
import { useAddStartingPoint, useUpdateStartingPoint } from '../api/languages';

const StartingPointForm = z.object({ title: CourseItemTitleSchema, lessonId: z.string().min(1, 'Choose a lesson'), level: LevelSchema });
type Values = z.infer<typeof StartingPointForm>;

/** /app/admin/languages/starting-points/create?courseId and /update?courseId&startingPointId: title, level and lesson (and the History tab of one that exists). */
export function StartingPointFormPage({ mode }: { mode: 'create' | 'update' }) {
  const courseId = useSearchParam('courseId');
  const startingPointId = useSearchParam('startingPointId');
  const course = useAdminCourse(courseId);
  const point = course.data?.startingPoints.find((p) => p.id === startingPointId);
  const back = courseId ? withQuery(ADMIN_PATHS.startingPoints, { courseId }) : ADMIN_PATHS.startingPoints;
  return (
    <main>
      <SectionHeader
        section="admin"
        title={mode === 'create' ? 'Create starting point' : 'Update starting point'}
        subtitle={course.data?.title}
      />
      <p>
        <Link href={back}>← Back to the starting points</Link>
      </p>
      {!courseId ? <p>Open a course's starting points first.</p> : null}
      {course.isPending && courseId ? <Spinner label="Loading…" /> : null}
      <QueryErrorNotice query={course} title="The course could not be loaded." />
      {course.data && mode === 'update' && !point ? (
        <p role="alert">Starting point not found: it may have been deleted by another admin.</p>
      ) : null}
      {course.data && (mode === 'create' || point) ? (
        <WithHistory entity="starting-point" id={point?.id} label="Starting point">
          <StartingPointEditor
            course={course.data}
            initial={point ? { title: point.title, lessonId: point.lesson, level: point.level } : undefined}
            startingPointId={point?.id}
            back={back}
          />
        </WithHistory>
      ) : null}
    </main>
  );
}

function StartingPointEditor({
  course,
  initial,
  startingPointId,
  back,
}: {
  course: AdminCourse;
  initial: Values | undefined;
  startingPointId: string | undefined;
  back: string;
}) {
  const add = useAddStartingPoint();
  const update = useUpdateStartingPoint();
  const form = useForm<Values>({
    resolver: zodResolver(StartingPointForm),
    defaultValues: initial ?? { title: '', lessonId: course.lessons[0]?.id ?? '', level: 'A1' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, dialog } = useGuardedSubmit(form, async (values) => {
    const body = { ...values, expectedRevision: course.revision };
    if (startingPointId) await update.mutateAsync({ params: { courseId: course.id, startingPointId }, body });
    else await add.mutateAsync({ params: { courseId: course.id }, body });
    toast({ title: 'Starting point saved' });
    navigate(back);
  });
  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate>
      {dialog}
      <FormError message={errors.root?.message} />
      <TextField label="Title" required error={errors.title?.message} {...form.register('title')} />
      <div className="vk-field">
        <label className="vk-field__label" htmlFor="ad-sp-level">
          Level
        </label>
        <select id="ad-sp-level" className="vk-input" {...form.register('level')}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {l} {LEVEL_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <div className="vk-field">
        <label className="vk-field__label" htmlFor="ad-sp-lesson">
          Lesson
        </label>
        <select id="ad-sp-lesson" className="vk-input" aria-invalid={errors.lessonId ? true : undefined} {...form.register('lessonId')}>
          {course.lessons.map((l, i) => (
            <option key={l.id} value={l.id}>
              Lesson {i + 1}: {l.title}
            </option>
          ))}
        </select>
        {errors.lessonId ? <p className="vk-field__error">{errors.lessonId.message}</p> : null}
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save starting point'}
      </Button>
    </form>
  );
}
