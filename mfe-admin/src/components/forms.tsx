import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button, TextField } from '@verba/kit';
import { useLeaveGuard } from '@verba/kit/ui';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CourseItemTitleSchema } from '@verba/contracts/http';

/** The form's submit: a refused save (the server's message, e.g. an edit conflict) shows above the form. */
export function submitWith<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, save: (values: O) => Promise<void>) {
  return form.handleSubmit(async (values) => {
    try {
      await save(values);
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
}

/**
 * An editor's submit with the unsaved-changes prompt: leaving while the form is dirty (a link, back, or
 * closing the tab) asks first in an alert dialog; render `dialog` in the form's page. The guard rests
 * while a save runs, so the save's own navigation goes through; a refused save re-arms it.
 */
export function useGuardedSubmit<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, save: (values: O) => Promise<void>) {
  const { isDirty, isSubmitting } = form.formState;
  const guard = useLeaveGuard(isDirty && !isSubmitting);
  return { onSubmit: submitWith(form, save), dialog: guard.dialog };
}

export const FormError = ({ message }: { message?: string | undefined }) =>
  message ? (
    <p role="alert" className="ad-error">
      {message}
    </p>
  ) : null;

const TitleSchema = z.object({ title: CourseItemTitleSchema });

/** A form of one title (a course's or a lesson's), checked with the contract's title rule. */
export function TitleForm({
  title,
  submitLabel,
  onSave,
}: {
  title: string;
  submitLabel: string;
  onSave: (title: string) => Promise<void>;
}) {
  const form = useForm<z.infer<typeof TitleSchema>>({ resolver: zodResolver(TitleSchema), defaultValues: { title }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const { onSubmit, dialog } = useGuardedSubmit(form, (v) => onSave(v.title));
  return (
    <form className="ad-form" onSubmit={onSubmit} noValidate>
      {dialog}
      <FormError message={errors.root?.message} />
      <TextField label="Title" required error={errors.title?.message} {...form.register('title')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
