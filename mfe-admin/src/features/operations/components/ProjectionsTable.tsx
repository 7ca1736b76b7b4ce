import { Button, toast } from '@verba/kit';
import { AlertDialog, ProgressBar } from '@verba/kit/ui';
import type { OperationsOverview, OperationsProjection, OperationsRebuild } from '@verba/contracts/http';
import { useStartRebuild } from '../api/operations';
import { ago, count, duration, lagEvents, STATE_LABELS } from './format';
import { TableScroll } from './TableScroll';

/** Percent of a rebuild read so far; appends meanwhile can take `applied` past `total`, never past 100 %. */
export const rebuildPercent = (r: Pick<OperationsRebuild, 'applied' | 'total'>) =>
  r.total ? Math.min(100, Math.floor((r.applied / r.total) * 100)) : 0;

function RebuildProgress({ rebuild }: { rebuild: OperationsRebuild }) {
  const percent = rebuildPercent(rebuild);
  return (
    <div className="op-progress">
      <ProgressBar value={percent} label={`Rebuild of ${rebuild.projection}`} />
      <span className="ad-muted">
        {count(rebuild.applied)}
        {rebuild.total !== null ? ` of ${count(rebuild.total)} events · ${percent} %` : ' events'}
      </span>
    </div>
  );
}

function RebuildButton({ name, onStarted }: { name: string; onStarted: () => void }) {
  const start = useStartRebuild({
    onSuccess: () => {
      toast({ title: `Rebuilding ${name}` });
      onStarted();
    },
    onError: (e) => toast({ title: `${name} was not rebuilt.`, description: e.message, variant: 'destructive' }),
  });
  return (
    <AlertDialog
      trigger={
        <Button size="sm" variant="secondary" disabled={start.isPending}>
          Rebuild
        </Button>
      }
      title={`Rebuild ${name}?`}
      description="The read model is built again from the first event of the log, beside the live one, which readers keep using until the new one has caught up. It takes as long as reading the whole log."
      confirmLabel="Rebuild"
      onConfirm={() => start.mutate({ body: { projection: name } })}
    />
  );
}

function ProjectionRow({
  p,
  at,
  rebuild,
  onStarted,
}: {
  p: OperationsProjection;
  at: string;
  rebuild?: OperationsRebuild;
  onStarted: () => void;
}) {
  return (
    <tr>
      <th scope="row">{p.name}</th>
      <td className="op-mono">{p.position ?? '—'}</td>
      <td>{lagEvents(p)}</td>
      <td>{duration(p.lagSeconds)}</td>
      <td>
        <span className={`ad-badge op-state op-state--${p.state}`}>{STATE_LABELS[p.state]}</span>
      </td>
      <td className="op-error">{p.lastError ? `${p.lastError.message} (${ago(p.lastError.at, at)})` : '—'}</td>
      <td>{ago(p.updatedAt, at)}</td>
      <td>{rebuild ? <RebuildProgress rebuild={rebuild} /> : <RebuildButton name={p.name} onStarted={onStarted} />}</td>
    </tr>
  );
}

/** Each projection with its checkpoint, lag, state and last error, and a rebuild with its progress. */
export function ProjectionsTable({ overview, onStarted }: { overview: OperationsOverview; onStarted: () => void }) {
  const running = new Map(overview.rebuilds.filter((r) => r.state === 'running').map((r) => [r.projection, r]));
  return (
    <TableScroll label="Projections table">
      <table>
        <caption>Projections</caption>
        <thead>
          <tr>
            <th scope="col">Projection</th>
            <th scope="col">Position</th>
            <th scope="col">Lag (events)</th>
            <th scope="col">Lag (time)</th>
            <th scope="col">State</th>
            <th scope="col">Last error</th>
            <th scope="col">Updated</th>
            <th scope="col">Rebuild</th>
          </tr>
        </thead>
        <tbody>
          {overview.projections.map((p) => {
            const rebuild = running.get(p.name);
            return <ProjectionRow key={p.name} p={p} at={overview.at} onStarted={onStarted} {...(rebuild ? { rebuild } : {})} />;
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
