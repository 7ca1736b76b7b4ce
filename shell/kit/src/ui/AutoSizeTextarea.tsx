import { useCallback, useLayoutEffect, useRef, type ChangeEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import './ui.css';

export interface AutoSizeTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** Set the height to fit the content: collapse to auto first so it can also shrink. */
export function fitToContent(el: HTMLTextAreaElement): void {
  el.style.height = 'auto';
  el.style.height = `${el.scrollHeight}px`;
}

/** A textarea that grows (and shrinks) with its content; cap it with a max-height (then it scrolls). */
export function AutoSizeTextarea({ ref, className = '', rows = 2, onChange, value, ...rest }: AutoSizeTextareaProps) {
  const inner = useRef<HTMLTextAreaElement | null>(null);

  const setRefs = useCallback(
    (el: HTMLTextAreaElement | null) => {
      inner.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );

  // Controlled: refit whenever the value changes (also on mount, for an initial value).
  useLayoutEffect(() => {
    if (inner.current) fitToContent(inner.current);
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    fitToContent(event.currentTarget);
    onChange?.(event);
  };

  return (
    <textarea
      ref={setRefs}
      rows={rows}
      className={`vk-input vk-textarea ${className}`.trim()}
      value={value}
      onChange={handleChange}
      {...rest}
    />
  );
}
