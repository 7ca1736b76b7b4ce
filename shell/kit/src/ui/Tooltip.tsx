import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import './ui.css';

export interface TooltipProps {
  /** Tooltip text; it also becomes the trigger's accessible description. */
  content: ReactNode;
  /** A single focusable element (button, link, ...) the tooltip describes. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Hover delay in ms (focus opens immediately). */
  delayDuration?: number;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Tooltip shown on hover and on keyboard focus, hidden with Escape or on blur. */
export function Tooltip({ content, children, side = 'top', delayDuration = 400, open, defaultOpen, onOpenChange }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content className="vk-tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {content}
            <TooltipPrimitive.Arrow className="vk-tooltip__arrow" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
