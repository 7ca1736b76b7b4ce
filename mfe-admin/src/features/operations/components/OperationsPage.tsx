import { QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { useOperations } from '../api/operations';
import { BackupsSection, FollowersTable, FragmentsSection, LogAndWorkers, RebuildsTable } from './OperationsSections';
import { ago } from './format';
import { ProjectionsTable } from './ProjectionsTable';
import '../operations.css';

/** /app/admin/operations: how the back end stands, read again every 5 s while the page is open. */
export function OperationsPage() {
  const operations = useOperations();
  const overview = operations.data;
  return (
    <main>
      <SectionHeader
        section="admin"
        title="Operations"
        subtitle="Projections, the relay, the log, fragments and workers, refreshed every 5 seconds."
      />
      {operations.isPending ? <Spinner label="Loading…" /> : null}
      <QueryErrorNotice query={operations} title="The figures could not be loaded." />
      {overview ? (
        <>
          <p className="ad-muted" aria-live="polite">
            Read at {new Date(overview.at).toLocaleTimeString('en-GB')}
            {overview.projections.some((p) => p.state === 'failing') ? ' · a projection is failing' : ''}
          </p>
          <section className="op-section" aria-label="Projections">
            <ProjectionsTable overview={overview} onStarted={() => void operations.refetch()} />
            {overview.projections.length ? (
              <p className="ad-muted">Oldest checkpoint moved {ago(oldest(overview.projections.map((p) => p.updatedAt)), overview.at)}.</p>
            ) : null}
          </section>
          <RebuildsTable overview={overview} />
          <FollowersTable overview={overview} />
          <LogAndWorkers overview={overview} />
          <FragmentsSection overview={overview} />
          <BackupsSection overview={overview} />
        </>
      ) : null}
    </main>
  );
}

const oldest = (moments: (string | null)[]) =>
  moments.reduce<string | null>((min, m) => (m !== null && (min === null || m < min) ? m : min), null);
