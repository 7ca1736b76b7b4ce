import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@verba/kit';

interface Props<T> {
  /** Fetches the dialog's chunk; called when the learner reaches for the button (pointer or focus). */
  load: () => Promise<T>;
  /** The chunk once loaded (a `pageChunks(load)` hook). */
  useChunk: () => T | undefined;
  /** The open dialog, given its chunk and how to close it (focus then goes back to the button). */
  dialog: (chunk: T, close: () => void) => ReactNode;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}

/**
 * A button opening a dialog whose code (Radix, forms) is fetched when a learner reaches for it, not with
 * the reader: the library and the reader's first page load none of it.
 */
export function LazyDialogButton<T>({ load, useChunk, dialog, variant = 'secondary', children }: Props<T>) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const close = () => setOpen(false);
  // Focus goes back to the button once the dialog is gone: while it is there, its focus trap would keep it.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus();
    }
  }, [open]);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={() => void load()}
        onFocus={() => void load()}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open ? <Loaded useChunk={useChunk} render={(chunk) => dialog(chunk, close)} /> : null}
    </>
  );
}

function Loaded<T>({ useChunk, render }: { useChunk: () => T | undefined; render: (chunk: T) => ReactNode }) {
  const chunk = useChunk();
  return chunk ? render(chunk) : null;
}
