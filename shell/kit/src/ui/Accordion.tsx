import * as AccordionPrimitive from '@radix-ui/react-accordion';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import './ui.css';

export type AccordionProps = ComponentPropsWithoutRef<typeof AccordionPrimitive.Root>;

/** Accordion root. `type="single"` (optionally `collapsible`) or `type="multiple"`; children are AccordionItems. */
export function Accordion({ className = '', ...props }: AccordionProps) {
  return <AccordionPrimitive.Root className={`vk-accordion ${className}`.trim()} {...props} />;
}

export interface AccordionItemProps {
  value: string;
  /** Text of the header button that opens and closes the item. */
  title: ReactNode;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function AccordionItem({ value, title, children, disabled, className = '' }: AccordionItemProps) {
  return (
    <AccordionPrimitive.Item value={value} disabled={disabled} className={`vk-accordion__item ${className}`.trim()}>
      <AccordionPrimitive.Header className="vk-accordion__header">
        <AccordionPrimitive.Trigger className="vk-accordion__trigger">
          <span>{title}</span>
          <svg className="vk-accordion__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M4 6l4 4 4-4" />
          </svg>
        </AccordionPrimitive.Trigger>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="vk-accordion__content">
        <div className="vk-accordion__body">{children}</div>
      </AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
