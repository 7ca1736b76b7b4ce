import type { ReactNode } from 'react';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <section className="vk-empty">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <rect x="8" y="10" width="32" height="28" rx="4" />
        <path d="M8 18h32" />
      </svg>
      <h2 className="vk-empty__title">{title}</h2>
      {children ? <div className="vk-empty__body">{children}</div> : null}
      {action}
    </section>
  );
}
