import { useEffect, useState } from 'react';
import { ErrorNotice, Link, SectionHeader, Spinner, useSession } from '@verba/kit';
import type { DashboardFigures } from '@verba/contracts';
import { PATHS } from '../routing/paths';
import { RemoteWidget } from '../federation/RemoteWidget';

type Progress = { figures: DashboardFigures; view: typeof import('../dashboard/progress') };

export function DashboardPage() {
  const { user } = useSession();
  const name = user?.name || user?.email || 'there';
  const language = user?.currentLearningLanguage ?? null;
  const levels = user?.['languageLevels'] as Partial<Record<string, unknown>> | undefined;
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);
  // A failure belongs to the language and attempt it happened on: a new one clears it.
  const key = `${language}#${attempt}`;
  const [failed, setFailed] = useState<{ key: string; message: string } | null>(null);
  const error = failed?.key === key ? failed.message : null;
  useEffect(() => {
    if (!language) return;
    let live = true;
    const readFor = `${language}#${attempt}`;
    // The view's code and the figures' route come in one chunk, then the figures: the view shows no sooner
    // than they do, and the contract schemas stay out of the first load.
    import('../dashboard/progress')
      .then(async (view) => ({ figures: await view.fetchDashboardFigures(language), view }))
      .then(
        (loaded) => live && setProgress(loaded),
        (e: Error) => live && setFailed({ key: readFor, message: e.message }),
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
