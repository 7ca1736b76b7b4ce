import type { ReactNode } from 'react';

/**
 * A wide table's own horizontal scroll on a phone. Focusable, so keyboard users can scroll it too
 * (axe: scrollable-region-focusable), and named after the table it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="op-table" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
