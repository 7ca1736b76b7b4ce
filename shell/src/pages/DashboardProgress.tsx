import { ErrorNotice, Spinner } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { LevelBadge, ProgressFigures, useDashboardFigures } from '../dashboard/progress';

// The dashboard's progress, a chunk of its own (DashboardPage loads it lazily): the view's code, the
// figures' read and the contract schemas stay out of the first load. The badge and the figures read the
// same query, so the figures are read once.

export type BadgeProps = { language: string; levels: Partial<Record<string, unknown>> | undefined };

/** The level badge beside the title, once the figures are in (nothing before, or when they failed). */
export function ProgressBadge({ language, levels }: BadgeProps) {
  return (
    <KitProviders>
      <Badge language={language} levels={levels} />
    </KitProviders>
  );
}

function Badge({ language, levels }: BadgeProps) {
  const { data: figures } = useDashboardFigures(language);
  return figures ? <LevelBadge chosen={levels?.[figures.languageCode]} hint={figures.levelHint} /> : null;
}

/** The figures and the chart; loading and a failure with retry in their place. */
export function ProgressSection({ language }: { language: string }) {
  return (
    <KitProviders>
      <Progress language={language} />
    </KitProviders>
  );
}

function Progress({ language }: { language: string }) {
  const read = useDashboardFigures(language);
  // A retry shows the loading note again until it answers.
  if (read.isError && !read.isFetching) {
    return <ErrorNotice title="Your progress could not be loaded." detail={read.error.message} onRetry={() => void read.refetch()} />;
  }
  return read.data ? <ProgressFigures figures={read.data} /> : <Spinner label="Loading your progress…" />;
}
