import { forwardRef, useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

/** A TextField whose value can be shown or hidden; the toggle says what it will do. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type' | 'trailing'>>(function PasswordInput(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      {...props}
      trailing={
        <button
          type="button"
          className="vk-field__toggle"
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
});
