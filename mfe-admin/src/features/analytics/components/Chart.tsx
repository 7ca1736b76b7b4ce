import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/** A titled chart that fills the page width. */
export function Chart({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className="an-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={280}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}
