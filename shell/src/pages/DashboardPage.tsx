import { lazy, Suspense, type ComponentType } from 'react';
import { ErrorBoundary, Link, SectionHeader, Spinner, useSession } from '@verba/kit';
import { PATHS } from '../routing/paths';
import { RemoteWidget } from '../federation/RemoteWidget';
import type { BadgeProps } from './DashboardProgress';

// The progress (its view, its read and the contract schemas) is a chunk of its own, out of the first load.
// If the chunk cannot be loaded the section says so (its error boundary, with retry); the badge stays away.
const progress = () => import('./DashboardProgress');
const noBadge: ComponentType<BadgeProps> = () => null;
const ProgressBadge = lazy(() =>
  progress().then(
    (m): { default: ComponentType<BadgeProps> } => ({ default: m.ProgressBadge }),
    () => ({ default: noBadge }),
  ),
);
const ProgressSection = lazy(() => progress().then((m) => ({ default: m.ProgressSection })));

export function DashboardPage() {
  const { user } = useSession();
  const name = user?.name || user?.email || 'there';
  const language = user?.currentLearningLanguage ?? null;
  const levels = user?.['languageLevels'] as Partial<Record<string, unknown>> | undefined;

  return (
    <main className="sh-page">
      <SectionHeader
        section="dashboard"
        title={`Welcome, ${name}!`}
        subtitle="Your reading, words and practice at a glance."
        aside={
          language ? (
            <Suspense fallback={null}>
              <ProgressBadge language={language} levels={levels} />
            </Suspense>
          ) : undefined
        }
      />
      {language ? (
        <ErrorBoundary label="your progress" key={language}>
          <Suspense fallback={<Spinner label="Loading your progress…" />}>
            <ProgressSection language={language} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
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
