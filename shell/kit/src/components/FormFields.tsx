import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** Label, control and the error in place under it (like TextField, for selects and text areas). */
function Field({
  label,
  error,
  id,
  required,
  children,
}: {
  label: string;
  error?: string;
  id: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="vk-field">
      <label htmlFor={id} className="vk-field__label">
        {label}
        {required ? (
          <span className="vk-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="vk-field__control">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="vk-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Own = { label: string; error?: string };

export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Own>(function SelectField(
  { label, error, required, children, ...rest },
  ref,
) {
  const id = useId();
  return (
    <Field label={label} error={error} id={id} required={required}>
      <select
        ref={ref}
        id={id}
        className="vk-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
    </Field>
  );
});

/** A text area with its label and error; `className` adds to the kit's (e.g. a minimum height). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Own>(function TextAreaField(
  { label, error, required, className, ...rest },
  ref,
) {
  const id = useId();
  return (
    <Field label={label} error={error} id={id} required={required}>
      <textarea
        ref={ref}
        id={id}
        className={`vk-input vk-textarea ${className ?? ''}`.trim()}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
    </Field>
  );
});
