import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { Button, Link, SectionHeader } from '@verba/kit';
import { useLeaveGuard } from '@verba/kit/ui';

/**
 * Saving a form: the unsaved-changes guard while it is dirty, the server's message on failure, and
 * the guard released before going on after success (`onSave` resolves with where to go next).
 */
export function useGuardedSave<T>(isDirty: boolean, onSave: (values: T) => Promise<() => void>) {
  const guard = useLeaveGuard(isDirty);
  const [formError, setFormError] = useState<string | null>(null);
  const save = async (values: T) => {
    setFormError(null);
    try {
      const next = await onSave(values);
      guard.release();
      next();
    } catch (error) {
      setFormError((error as Error).message);
    }
  };
  return { save, formError, dialog: guard.dialog };
}

/** react-hook-form with a resolver, plus useGuardedSave: what a SavingForm needs, and the field wiring. */
export function useSavingForm<In extends FieldValues, Out extends FieldValues>(
  resolver: Resolver<In, unknown, Out>,
  initial: DefaultValues<In>,
  onSave: (values: Out) => Promise<() => void>,
) {
  const form = useForm<In, unknown, Out>({ resolver, defaultValues: initial, mode: 'onTouched' });
  const { save, formError, dialog } = useGuardedSave(form.formState.isDirty, onSave);
  const frame = {
    onSubmit: (event: FormEvent) => void form.handleSubmit(save)(event),
    formError,
    dialog,
    submitting: form.formState.isSubmitting,
  };
  return { register: form.register, errors: form.formState.errors, frame };
}

interface Props {
  onSubmit: (event: FormEvent) => void;
  formError: string | null;
  dialog: ReactNode;
  submitting: boolean;
  submitLabel: string;
  cancelHref: string;
  children: ReactNode;
}

/** The form frame: the server's error on top, the fields, Save and Cancel, and the leave prompt. */
export function SavingForm({ onSubmit, formError, dialog, submitting, submitLabel, cancelHref, children }: Props) {
  return (
    <form className="rd-form" onSubmit={onSubmit} noValidate>
      {formError ? (
        <p className="rd-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      {children}
      <div className="rd-form__actions">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
        <Link href={cancelHref} className="vk-btn vk-btn--ghost vk-btn--md">
          Cancel
        </Link>
      </div>
      {dialog}
    </form>
  );
}

/** An editor page: the section header and a way back. */
export function EditorFrame({ title, back, children }: { title: string; back: [href: string, label: string]; children: ReactNode }) {
  return (
    <main className="rd-editor">
      <SectionHeader section="library" title={title} />
      <p>
        <Link href={back[0]}>← {back[1]}</Link>
      </p>
      {children}
    </main>
  );
}
