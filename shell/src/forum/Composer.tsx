import { useId, useState } from 'react';
import { Button } from '@verba/kit';

const REQUIRED = 'Required';

/**
 * A title (optional) and a Markdown text area; a missing field is said in place and nothing is sent.
 * The server's refusal (too fast, locked, too long) is shown under the form.
 */
export function Composer({
  withTitle,
  initialTitle = '',
  initialBody = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  withTitle?: boolean;
  initialTitle?: string;
  initialBody?: string;
  submitLabel: string;
  onSubmit: (v: { title: string; body: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [body, setBody] = useState(initialBody);
  const [errors, setErrors] = useState<{ title?: string; body?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = { ...(withTitle && !title.trim() ? { title: REQUIRED } : {}), ...(!body.trim() ? { body: REQUIRED } : {}) };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit({ title: title.trim(), body: body.trim() });
      setTitle('');
      setBody('');
    } catch (e) {
      setErrors({ form: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fm-composer" onSubmit={submit} noValidate>
      {withTitle ? (
        <div className="vk-field">
          <label htmlFor={`${id}-title`} className="vk-field__label">
            Title
          </label>
          <input
            id={`${id}-title`}
            className="vk-input"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? `${id}-title-error` : undefined}
          />
          {errors.title ? (
            <p id={`${id}-title-error`} className="vk-field__error">
              {errors.title}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="vk-field">
        <label htmlFor={`${id}-body`} className="vk-field__label">
          Your message (Markdown)
        </label>
        <textarea
          id={`${id}-body`}
          className="vk-input fm-textarea"
          rows={4}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={!!errors.body}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
        />
        {errors.body ? (
          <p id={`${id}-body-error`} className="vk-field__error">
            {errors.body}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <p className="fm-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="fm-actions">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
