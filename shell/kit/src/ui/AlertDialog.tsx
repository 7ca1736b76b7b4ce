import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import './ui.css';

export interface AlertDialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered as the trigger itself, so pass a button). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Called when the user confirms; the dialog then closes. */
  onConfirm: () => void;
  /** Called when the user cancels (Cancel button or Escape); the dialog then closes. */
  onCancel?: () => void;
  /** Style the confirm button as a destructive action. */
  destructive?: boolean;
  className?: string;
}

/** Confirmation dialog: must be answered with Cancel or Confirm (a click outside does not close it). */
export function AlertDialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
  onConfirm,
  onCancel,
  destructive = false,
  className = '',
}: AlertDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="vk-dialog__overlay" />
        <AlertDialogPrimitive.Content className={`vk-dialog vk-dialog--alert ${className}`.trim()} onEscapeKeyDown={() => onCancel?.()}>
          <AlertDialogPrimitive.Title className="vk-dialog__title">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="vk-dialog__description">{description}</AlertDialogPrimitive.Description>
          <div className="vk-dialog__footer">
            <AlertDialogPrimitive.Cancel className="vk-btn vk-btn--secondary" onClick={() => onCancel?.()}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={`vk-btn ${destructive ? 'vk-btn--danger' : 'vk-btn--primary'}`}
              onClick={() => onConfirm()}
            >
              {confirmLabel}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
