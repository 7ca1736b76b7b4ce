import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import './ui.css';

export interface DialogProps {
  /** Controlled open state; leave undefined (with `defaultOpen`) for an uncontrolled dialog. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered as the trigger itself, so pass a button). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom, e.g. buttons; wrap one in DialogClose to close the dialog. */
  footer?: ReactNode;
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  className?: string;
}

/** Modal dialog: focus is trapped inside, Escape / the close button / a click outside close it. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  closeLabel = 'Close',
  className = '',
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="vk-dialog__overlay" />
        <DialogPrimitive.Content className={`vk-dialog ${className}`.trim()} {...(description ? {} : { 'aria-describedby': undefined })}>
          <DialogPrimitive.Title className="vk-dialog__title">{title}</DialogPrimitive.Title>
          {description ? <DialogPrimitive.Description className="vk-dialog__description">{description}</DialogPrimitive.Description> : null}
          {children}
          {footer ? <div className="vk-dialog__footer">{footer}</div> : null}
          <DialogPrimitive.Close className="vk-dialog__close" aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Closes the enclosing Dialog when its (single, button) child is clicked. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <DialogPrimitive.Close asChild>{children}</DialogPrimitive.Close>;
}
