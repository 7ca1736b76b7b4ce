import { EmptyState, Link } from '@verba/kit';
import { PATHS } from '../routing/paths';

export function NotFoundPage() {
  return (
    <main className="sh-page">
      <EmptyState title="Page not found" action={<Link href={PATHS.dashboard}>Go to the dashboard</Link>}>
        <p>There is nothing at this address.</p>
      </EmptyState>
    </main>
  );
}
