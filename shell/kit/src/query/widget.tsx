import { useId, type ReactNode } from 'react';
import { KitProviders } from './lifecycles';

/**
 * The frame of a dashboard card a fragment exposes (the shell renders the fragment's default export in its
 * own tree): the shared query cache, and a region named by its heading. The fragment styles the contents.
 */
export function DashboardWidget({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const heading = useId();
  return (
    <KitProviders>
      <section className={`vk-widget ${className}`} aria-labelledby={heading}>
        <h2 id={heading} className="vk-widget__heading">
          {title}
        </h2>
        {children}
      </section>
    </KitProviders>
  );
}
