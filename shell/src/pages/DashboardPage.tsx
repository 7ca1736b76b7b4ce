import { SectionHeader, useSession } from '@verba/kit';
import { RemoteWidget } from '../federation/RemoteWidget';

export function DashboardPage() {
  const { user } = useSession();
  const name = user?.name || user?.email || 'there';
  return (
    <main className="sh-page">
      <SectionHeader section="dashboard" title={`Welcome, ${name}!`} subtitle="Your reading, words and practice at a glance." />
      <div className="sh-widgets">
        <RemoteWidget fragment="reader" widget="continue-reading-widget" label="Continue reading" />
        <RemoteWidget fragment="learn" widget="next-chapter-widget" label="Next chapter" />
        <RemoteWidget fragment="practice" widget="due-cards-widget" label="Cards to review" />
      </div>
    </main>
  );
}
