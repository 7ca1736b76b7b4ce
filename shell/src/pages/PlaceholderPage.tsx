import { EmptyState, Link, SectionHeader, type Section } from '@verba/kit';
import { PATHS } from '../routing/paths';

/** Honest placeholder for shell pages that are not built yet. */
export function PlaceholderPage({ section, title, what }: { section: Section; title: string; what: string }) {
  return (
    <main className="sh-page">
      <SectionHeader section={section} title={title} />
      <EmptyState title={`${what} is coming soon`} action={<Link href={PATHS.dashboard}>Go to the dashboard</Link>}>
        <p>This part of Verba has not been built yet.</p>
      </EmptyState>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main className="sh-page">
      <EmptyState title="Page not found" action={<Link href={PATHS.dashboard}>Go to the dashboard</Link>}>
        <p>There is nothing at this address.</p>
      </EmptyState>
    </main>
  );
}
