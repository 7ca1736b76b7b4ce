import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** Replaces the plain input, e.g. PasswordInput's toggle; receives the wiring props. */
  trailing?: ReactNode;
}

/** Label (with * when required), input, and the error in place under it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, required, id, className = '', trailing, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={`vk-field ${className}`.trim()}>
      <label htmlFor={inputId} className="vk-field__label">
        {label}
        {required ? (
          <span className="vk-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="vk-field__control">
        <input
          ref={ref}
          id={inputId}
          className="vk-input"
          required={required}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="vk-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
