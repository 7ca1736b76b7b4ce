import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Link, navigate, QueryErrorNotice, SectionHeader, Spinner, TextField, toast } from '@verba/kit';
import { GAP } from '@verba/contracts/domain';
import { EXERCISE_MESSAGES, MAX_EXERCISES } from '@verba/contracts/http';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { FormError, useGuardedSubmit } from '../../../components/forms';
import { useAdminExercises, usePutMissingWords, usePutQuestions } from '../api/exercises';
import { KIND_NAMES, itemsOf, type ExerciseKind } from '../kinds';
import { WithHistory } from '../../../components/HistoryTab';

/** Alternatives are written "Lena; Sie heißt Lena". */
const splitAnswers = (text: string) =>
  text
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a !== '');

const Row = z.object({
  prompt: z.string().trim().min(1, 'Required'),
  answers: z.string().refine((a) => splitAnswers(a).length > 0, EXERCISE_MESSAGES.answerRequired),
});
const formFor = (kind: ExerciseKind) =>
  z.object({
    items: z
      .array(
        kind === 'missing-words'
          ? Row.extend({ prompt: Row.shape.prompt.refine((s) => s.split(GAP).length === 2, EXERCISE_MESSAGES.gapMissing) })
          : Row,
      )
      .max(MAX_EXERCISES),
  });
type Values = { items: { prompt: string; answers: string }[] };

/** /app/admin/edit-missing-words?chapterId and /app/admin/edit-ask-questions?chapterId: the whole list at once. */
export function ExerciseEditPage({ kind }: { kind: ExerciseKind }) {
  const chapterId = useSearchParam('chapterId');
  const exercises = useAdminExercises(chapterId);
  const data = exercises.data;
  const back = chapterId
    ? withQuery(kind === 'missing-words' ? ADMIN_PATHS.missingWords : ADMIN_PATHS.askQuestions, { chapterId })
    : ADMIN_PATHS.exercises;
  return (
    <main>
      <SectionHeader
        section="admin"
        title={`Edit ${KIND_NAMES[kind].title.toLowerCase()}`}
        subtitle={data ? `Chapter “${data.title}”` : undefined}
      />
      <p>
        <Link href={back}>← Back</Link>
      </p>
      {!chapterId ? <p>Choose a chapter on the exercises page.</p> : null}
      {exercises.isPending && chapterId ? <Spinner label="Loading exercises…" /> : null}
      <QueryErrorNotice query={exercises} title="The exercises could not be loaded." />
      {data ? (
        <WithHistory entity="exercises" id={data.chapterId} label={`${KIND_NAMES[kind].title} of “${data.title}”`}>
          <ExerciseForm
            key={data.revision ?? 'new'}
            kind={kind}
            chapterId={data.chapterId}
            revision={data.revision}
            initial={itemsOf(kind, data).map((i) => ({ prompt: i.prompt, answers: i.answers.join('; ') }))}
            back={back}
          />
        </WithHistory>
      ) : null}
    </main>
  );
}

function ExerciseForm({
  kind,
  chapterId,
  revision,
  initial,
  back,
}: {
  kind: ExerciseKind;
  chapterId: string;
  revision: string | null;
  initial: Values['items'];
  back: string;
}) {
  const missing = usePutMissingWords();
  const questions = usePutQuestions();
  const form = useForm<Values>({
    resolver: zodResolver(formFor(kind)),
    defaultValues: { items: initial.length ? initial : [{ prompt: '', answers: '' }] },
    mode: 'onTouched',
  });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const { errors, isSubmitting } = form.formState;
  const promptLabel = kind === 'missing-words' ? `Sentence (write ${GAP} for the missing word)` : 'Question';
  const { onSubmit, dialog } = useGuardedSubmit(form, async ({ items }) => {
    const expected = revision ? { expectedRevision: revision } : {};
    if (kind === 'missing-words') {
      await missing.mutateAsync({
        params: { chapterId },
        body: { items: items.map((i) => ({ sentence: i.prompt, answers: splitAnswers(i.answers) })), ...expected },
      });
    } else {
      await questions.mutateAsync({
        params: { chapterId },
        body: { items: items.map((i) => ({ question: i.prompt, answers: splitAnswers(i.answers) })), ...expected },
      });
    }
    toast({ title: `${KIND_NAMES[kind].title} saved` });
    navigate(back);
  });
  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate>
      {dialog}
      <FormError message={errors.root?.message} />
      {rows.fields.map((field, i) => (
        <fieldset key={field.id} className="ad-fieldset">
          <legend>{`${kind === 'missing-words' ? 'Exercise' : 'Question'} ${i + 1}`}</legend>
          <TextField
            label={`${promptLabel} ${i + 1}`}
            required
            error={errors.items?.[i]?.prompt?.message}
            {...form.register(`items.${i}.prompt`)}
          />
          <TextField
            label={`Answers ${i + 1} (separate alternatives with ;)`}
            required
            error={errors.items?.[i]?.answers?.message}
            {...form.register(`items.${i}.answers`)}
          />
          <Button size="sm" variant="ghost" onClick={() => rows.remove(i)} aria-label={`Remove ${KIND_NAMES[kind].one} ${i + 1}`}>
            Remove
          </Button>
        </fieldset>
      ))}
      <div className="ad-actions">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => rows.append({ prompt: '', answers: '' })}
          disabled={rows.fields.length >= MAX_EXERCISES}
        >
          Add {KIND_NAMES[kind].one}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
