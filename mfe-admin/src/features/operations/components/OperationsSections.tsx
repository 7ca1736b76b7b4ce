import { EmptyState } from '@verba/kit';
import type { OperationsOverview } from '@verba/contracts/http';
import { ago, bytes, count, duration, lagEvents, when } from './format';
import { rebuildPercent } from './ProjectionsTable';
import { TableScroll } from './TableScroll';

type Props = { overview: OperationsOverview };

/** The relay to Kafka and the reactors, each from its checkpoint. */
export function FollowersTable({ overview }: Props) {
  return (
    <section className="op-section" aria-labelledby="op-followers">
      <h2 id="op-followers">Relay and reactors</h2>
      {overview.followers.length === 0 ? (
        <EmptyState title="No relay has run yet">The relay and the reactors keep a checkpoint once they have run.</EmptyState>
      ) : (
        <TableScroll label="Relay and reactors table">
          <table>
            <thead>
              <tr>
                <th scope="col">Follower</th>
                <th scope="col">Kind</th>
                <th scope="col">Position</th>
                <th scope="col">Lag (events)</th>
                <th scope="col">Lag (time)</th>
                <th scope="col">Checkpoint moved</th>
              </tr>
            </thead>
            <tbody>
              {overview.followers.map((f) => (
                <tr key={f.name}>
                  <th scope="row">{f.name}</th>
                  <td>{f.kind === 'relay' ? 'Relay' : 'Reactor'}</td>
                  <td className="op-mono">{f.position}</td>
                  <td>{lagEvents(f)}</td>
                  <td>{duration(f.lagSeconds)}</td>
                  <td>{ago(f.updatedAt, overview.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="ad-muted">
        Messages the relay holds after a failed publish are not stored: each relay process reports them in the metric{' '}
        <code>verba_relay_parked_messages</code>.
      </p>
    </section>
  );
}

/** The log's head and size, and the worker pool of the API process that answered. */
export function LogAndWorkers({ overview }: Props) {
  const { log } = overview;
  return (
    <section className="op-section" aria-labelledby="op-log">
      <h2 id="op-log">Event log</h2>
      <dl className="op-facts">
        <dt>Store</dt>
        <dd>{overview.store === 'postgres' ? 'PostgreSQL' : 'EventStoreDB'}</dd>
        <dt>Head</dt>
        <dd className="op-mono">{log.head}</dd>
        <dt>Events</dt>
        <dd>{log.events === null ? 'unknown' : `${log.eventsEstimated ? 'about ' : ''}${count(log.events)}`}</dd>
        <dt>Log size</dt>
        <dd>{bytes(log.bytes)}</dd>
        <dt>Database size</dt>
        <dd>{bytes(log.databaseBytes)}</dd>
      </dl>
      <h2 id="op-workers">Worker pool</h2>
      <dl className="op-facts" aria-labelledby="op-workers">
        <dt>Jobs in hand</dt>
        <dd>{count(overview.workerPool.jobsInHand)}</dd>
      </dl>
      <p className="ad-muted">
        Untrusted uploads are parsed on worker threads; each API process has its own pool, this is the one that answered.
      </p>
    </section>
  );
}

/** The latest rebuilds, newest first. */
export function RebuildsTable({ overview }: Props) {
  if (overview.rebuilds.length === 0) return null;
  return (
    <section className="op-section" aria-labelledby="op-rebuilds">
      <h2 id="op-rebuilds">Rebuilds</h2>
      <TableScroll label="Rebuilds table">
        <table>
          <thead>
            <tr>
              <th scope="col">Projection</th>
              <th scope="col">State</th>
              <th scope="col">Events read</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {overview.rebuilds.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.projection}</th>
                <td>
                  {r.state === 'running' ? `Running, ${rebuildPercent(r)} %` : r.state === 'done' ? 'Done' : `Failed: ${r.error ?? ''}`}
                </td>
                <td>
                  {count(r.applied)}
                  {r.total !== null ? ` of ${count(r.total)}` : ''}
                </td>
                <td>{when(r.startedAt)}</td>
                <td>{r.finishedAt ? when(r.finishedAt) : '—'}</td>
                <td>{r.by?.name ?? 'Deleted account'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** Each environment's published fragments, with the earlier versions a rollback goes back to. */
export function FragmentsSection({ overview }: Props) {
  return (
    <section className="op-section" aria-labelledby="op-fragments">
      <h2 id="op-fragments">Fragments</h2>
      {overview.fragments.every((e) => e.fragments.length === 0) ? (
        <EmptyState title="No fragment published">
          Every fragment is served from this API&apos;s own build. Publishing one (npm run publish -w mfe-&lt;name&gt; -- --env
          &lt;environment&gt;) lists it here.
        </EmptyState>
      ) : (
        overview.fragments.map((env) => (
          <TableScroll key={env.env} label={`Fragments in ${env.env}`}>
            <table>
              <caption>
                {env.env}
                {env.served ? ' (served by this API)' : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Fragment</th>
                  <th scope="col">Version</th>
                  <th scope="col">Since</th>
                  <th scope="col">Earlier versions (rollback)</th>
                </tr>
              </thead>
              <tbody>
                {env.fragments.map((f) => (
                  <tr key={f.name}>
                    <th scope="row">{f.name}</th>
                    <td className="op-mono">{f.version}</td>
                    <td>{when(f.since)}</td>
                    <td className="op-mono">{f.earlier.length ? f.earlier.join(', ') : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))
      )}
    </section>
  );
}

export function BackupsSection({ overview }: Props) {
  const b = overview.backups;
  const every = b.every ? `every ${b.every.replace(/(\d+)(\w)$/, (_, n: string, u: string) => `${n} ${u === 'm' ? 'min' : u}`)}` : '';
  return (
    <section className="op-section" aria-labelledby="op-backups">
      <h2 id="op-backups">Backups</h2>
      {b.failure && (
        <p role="alert" className="op-error">
          The last backup failed {when(b.failure.at)}: {b.failure.message}
        </p>
      )}
      {!b.last ? (
        <EmptyState title="No backups yet">
          {b.automatic
            ? `The first is made a minute after start, then ${every}; the newest ${b.keep} are kept.`
            : 'Automatic backups are off here (PostgreSQL without BACKUP_DIR, EventStoreDB, or BACKUP_EVERY=off): see deploy/README.md, "Backups".'}
        </EmptyState>
      ) : (
        <dl className="op-facts">
          <dt>Last backup</dt>
          <dd>
            {when(b.last.at)}, {bytes(b.last.bytes)} <span className="op-mono">{b.last.name}</span>
          </dd>
          <dt>Kept</dt>
          <dd>
            {b.count} of at most {b.keep}
            {b.automatic ? `, one made ${every}` : ', automatic backups off'}
          </dd>
        </dl>
      )}
    </section>
  );
}
