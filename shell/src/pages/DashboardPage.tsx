import { useEffect, useState } from 'react';
import { ErrorNotice, Link, SectionHeader, Spinner, useSession } from '@verba/kit';
import type { DashboardFigures } from '@verba/contracts';
import { PATHS } from '../routing/paths';
import { RemoteWidget } from '../federation/RemoteWidget';
import { fetchDashboardFigures } from '../dashboard/dashboard-api';

type Progress = { figures: DashboardFigures; view: typeof import('../dashboard/progress') };

export function DashboardPage() {
  const { user } = useSession();
  const name = user?.name || user?.email || 'there';
  const language = user?.currentLearningLanguage ?? null;
  const levels = user?.['languageLevels'] as Partial<Record<string, unknown>> | undefined;
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!language) return;
    let live = true;
    setError(null);
    // The view's code comes with the figures, in parallel: it shows no sooner than they do.
    Promise.all([fetchDashboardFigures(language), import('../dashboard/progress')]).then(
      ([figures, view]) => live && setProgress({ figures, view }),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);

  return (
    <main className="sh-page">
      <SectionHeader
        section="dashboard"
        title={`Welcome, ${name}!`}
        subtitle="Your reading, words and practice at a glance."
        aside={
          progress ? (
            <progress.view.LevelBadge chosen={levels?.[progress.figures.languageCode]} hint={progress.figures.levelHint} />
          ) : undefined
        }
      />
      {language ? (
        error ? (
          <ErrorNotice title="Your progress could not be loaded." detail={error} onRetry={() => setAttempt((n) => n + 1)} />
        ) : progress ? (
          <progress.view.ProgressFigures figures={progress.figures} />
        ) : (
          <Spinner label="Loading your progress…" />
        )
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
