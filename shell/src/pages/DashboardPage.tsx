import { EmptyState, Link, SectionHeader, useSession } from '@verba/kit';
import { PATHS } from '../app/routes';

export function DashboardPage() {
  const { user } = useSession();
  const name = user?.name || user?.email || 'there';
  return (
    <main className="sh-page">
      <SectionHeader section="dashboard" title={`Welcome, ${name}!`} subtitle="Your reading, words and practice at a glance." />
      <EmptyState title="Nothing here yet">
        <p>
          Your progress will show up here once you start. Pick an article in the <Link href={PATHS.library}>library</Link>{' '}
          and mark the words you know.
        </p>
      </EmptyState>
    </main>
  );
}
