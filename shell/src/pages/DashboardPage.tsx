import { Link, SectionHeader, useSession } from '@verba/kit';
import { PATHS } from '../routing/paths';
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
        <section className="sh-widget" aria-label="Community">
          <h2 className="sh-widget__title">Community</h2>
          <p>
            Ask other learners in the <Link href={PATHS.forum}>forum</Link> or read the <Link href={PATHS.appBlog}>blog</Link>.
          </p>
        </section>
      </div>
    </main>
  );
}
