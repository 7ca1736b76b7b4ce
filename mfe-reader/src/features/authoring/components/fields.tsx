import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** Label, control and the error in place under it (like the kit's TextField, for selects and text areas). */
function Field({ label, error, id, required, children }: { label: string; error?: string; id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="vk-field">
      <label htmlFor={id} className="vk-field__label">
        {label}
        {required ? <span className="vk-field__required" aria-hidden="true"> *</span> : null}
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
      <select ref={ref} id={id} className="vk-input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest}>
        {children}
      </select>
    </Field>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Own>(function TextAreaField(
  { label, error, required, ...rest },
  ref,
) {
  const id = useId();
  return (
    <Field label={label} error={error} id={id} required={required}>
      <textarea ref={ref} id={id} className="vk-input rd-textarea" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...rest} />
    </Field>
  );
});

/** Private or public, as two radio buttons; public may be unavailable (needs Master). */
export function VisibilityField({ register, publicAllowed, publicNote }: { register: () => object; publicAllowed: boolean; publicNote: string }) {
  return (
    <fieldset className="rd-visibility">
      <legend className="vk-field__label">Visibility</legend>
      <label>
        <input type="radio" value="private" {...register()} /> Private: only you can see it
      </label>
      <label>
        <input type="radio" value="public" disabled={!publicAllowed} {...register()} /> Public: in the library for everyone, after an administrator
        approves it
      </label>
      {!publicAllowed ? <p className="rd-note">{publicNote}</p> : null}
    </fieldset>
  );
}
