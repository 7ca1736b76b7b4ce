import { useId } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { AutoSizeTextarea, Switch } from '@verba/kit/ui';
import { ChapterImageUrlSchema, ChapterTextSchema, CourseItemTitleSchema, VocabularySchema } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { FormError, useGuardedSubmit } from '../../../components/forms';
import { WithHistory } from '../../../components/HistoryTab';
import { useAdminCourse } from '../../../shared/api/courses';
import { useAdminChapter, useAddChapter, useEditChapter, useSetChapterFlags } from '../api/courses';

const ChapterForm = z.object({
  title: CourseItemTitleSchema,
  text: ChapterTextSchema,
  vocabulary: VocabularySchema,
  /** Empty: no image. */
  imageUrl: z.union([z.literal(''), ChapterImageUrlSchema]),
  visible: z.boolean(),
  premium: z.boolean(),
});
type ChapterValues = z.input<typeof ChapterForm>;
const EMPTY: ChapterValues = {
  title: '',
  text: '',
  vocabulary: [{ word: '', translation: '' }],
  imageUrl: '',
  visible: true,
  premium: false,
};

/** /app/admin/create-chapter?courseId&lessonId: a new chapter at the end of a lesson. */
export function CreateChapterPage() {
  const courseId = useSearchParam('courseId');
  const lessonId = useSearchParam('lessonId');
  const course = useAdminCourse(courseId);
  const lesson = course.data?.lessons.find((l) => l.id === lessonId);
  const add = useAddChapter();
  const back = courseId && lessonId ? withQuery(ADMIN_PATHS.chapters, { courseId, lessonId }) : ADMIN_PATHS.courses;
  return (
    <main>
      <SectionHeader section="admin" title="Create chapter" subtitle={lesson ? `In “${lesson.title}”` : undefined} />
      <p>
        <Link href={back}>← Back to the chapters</Link>
      </p>
      {!lessonId ? <p>Open a lesson's chapters from the course page first.</p> : null}
      {course.isPending && courseId ? <Spinner label="Loading…" /> : null}
      <QueryErrorNotice query={course} title="The course could not be loaded." />
      {course.data && lesson ? (
        <ChapterEditor
          initial={EMPTY}
          submitLabel="Add chapter"
          onSave={async ({ imageUrl, ...values }) => {
            await add.mutateAsync({
              params: { lessonId: lesson.id },
              body: { ...values, ...(imageUrl ? { imageUrl } : {}), expectedRevision: course.data.revision },
            });
            toast({ title: `Chapter “${values.title}” added` });
            navigate(back);
          }}
        />
      ) : null}
    </main>
  );
}

/** /app/admin/edit-chapter?chapterId: title, text, vocabulary and the visible and premium flags. */
export function EditChapterPage() {
  const chapterId = useSearchParam('chapterId');
  const chapter = useAdminChapter(chapterId);
  const edit = useEditChapter();
  const flags = useSetChapterFlags();
  const c = chapter.data;
  const back = c ? withQuery(ADMIN_PATHS.chapters, { courseId: c.courseId, lessonId: c.lessonId }) : ADMIN_PATHS.courses;
  return (
    <main>
      <SectionHeader section="admin" title="Edit chapter" subtitle={c?.title} />
      <p>
        <Link href={back}>← Back to the chapters</Link>
      </p>
      {!chapterId ? <p>Open a chapter from its lesson's chapter list.</p> : null}
      {chapter.isPending && chapterId ? <Spinner label="Loading the chapter…" /> : null}
      <QueryErrorNotice query={chapter} title="The chapter could not be loaded." />
      {c ? (
        <WithHistory entity="chapter" id={c.id} label="Chapter">
          <ChapterEditor
            key={c.revision}
            initial={{
              title: c.title,
              text: c.text,
              vocabulary: c.vocabulary,
              imageUrl: c.imageUrl ?? '',
              visible: c.visible,
              premium: c.premium,
            }}
            submitLabel="Save chapter"
            onSave={async ({ visible, premium, imageUrl, ...content }) => {
              const image = imageUrl || null;
              const changed =
                content.title !== c.title ||
                content.text !== c.text ||
                JSON.stringify(content.vocabulary) !== JSON.stringify(c.vocabulary) ||
                image !== c.imageUrl;
              if (changed)
                await edit.mutateAsync({
                  params: { chapterId: c.id },
                  body: { ...content, imageUrl: image, expectedRevision: c.revision },
                });
              if (visible !== c.visible || premium !== c.premium)
                await flags.mutateAsync({ params: { chapterId: c.id }, body: { visible, premium, expectedRevision: c.courseRevision } });
              toast({ title: 'Chapter saved' });
              navigate(back);
            }}
          />
        </WithHistory>
      ) : null}
    </main>
  );
}

type ChapterOutput = z.output<typeof ChapterForm>;

function ChapterEditor({
  initial,
  submitLabel,
  onSave,
}: {
  initial: ChapterValues;
  submitLabel: string;
  onSave: (values: ChapterOutput) => Promise<void>;
}) {
  const textId = useId();
  const form = useForm<ChapterValues, unknown, ChapterOutput>({
    resolver: zodResolver(ChapterForm),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const words = useFieldArray({ control: form.control, name: 'vocabulary' });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, dialog } = useGuardedSubmit(form, onSave);
  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate>
      {dialog}
      <FormError message={errors.root?.message} />
      <TextField label="Title" required error={errors.title?.message} {...form.register('title')} />
      <div className="vk-field">
        <label className="vk-field__label" htmlFor={textId}>
          Text
          <span className="vk-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <AutoSizeTextarea
          id={textId}
          rows={8}
          aria-required
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${textId}-error` : undefined}
          {...form.register('text')}
        />
        {errors.text ? (
          <p id={`${textId}-error`} className="vk-field__error" role="alert">
            {errors.text.message}
          </p>
        ) : null}
      </div>
      <TextField
        label="Image URL (copy it from the image manager; leave empty for none)"
        error={errors.imageUrl?.message}
        {...form.register('imageUrl')}
      />
      <fieldset className="ad-fieldset">
        <legend>Vocabulary</legend>
        {errors.vocabulary?.message ? (
          <p className="vk-field__error" role="alert">
            {errors.vocabulary.message}
          </p>
        ) : null}
        {words.fields.map((field, i) => (
          <div key={field.id} className="ad-pair">
            <TextField
              label={`Word ${i + 1}`}
              required
              error={errors.vocabulary?.[i]?.word?.message}
              {...form.register(`vocabulary.${i}.word`)}
            />
            <TextField
              label={`Translation ${i + 1}`}
              required
              error={errors.vocabulary?.[i]?.translation?.message}
              {...form.register(`vocabulary.${i}.translation`)}
            />
            <Button
              size="sm"
              variant="ghost"
              onClick={() => words.remove(i)}
              disabled={words.fields.length === 1}
              aria-label={`Remove word ${i + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button size="sm" variant="secondary" onClick={() => words.append({ word: '', translation: '' })}>
          Add a word
        </Button>
      </fieldset>
      <div className="ad-switches">
        <Controller
          control={form.control}
          name="visible"
          render={({ field }) => <Switch label="Visible to learners" checked={field.value} onCheckedChange={field.onChange} />}
        />
        <Controller
          control={form.control}
          name="premium"
          render={({ field }) => <Switch label="Premium (Master only)" checked={field.value} onCheckedChange={field.onChange} />}
        />
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
