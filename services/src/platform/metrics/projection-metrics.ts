import { metricsOn, projections } from './registry';

/** Events a projection applied in one batch, and the time the batch took. */
export interface Applied {
  events: number;
  seconds: number;
}

/**
 * What a projection runner tells its metrics: a batch applied, a failure (retried from the checkpoint), a
 * rebuild's progress (events folded so far; `running` false once it ended, done or failed). A runner in the
 * projector worker thread sends these to the main thread, whose registry the metrics port serves.
 */
export type ProjectionNote = { projection: string } & (
  { kind: 'applied'; applied: Applied } | { kind: 'failed' } | { kind: 'rebuild'; applied: number; running: boolean }
);

/** Records a note in this thread's registry (nothing when metrics are off). */
export function recordProjection(note: ProjectionNote): void {
  if (!metricsOn()) return;
  const labels = { projection: note.projection };
  if (note.kind === 'applied') {
    projections.applied.inc(labels, note.applied.events);
    projections.duration.observe(labels, note.applied.seconds);
  } else if (note.kind === 'failed') {
    projections.failures.inc(labels);
  } else {
    projections.rebuildApplied.set(labels, note.applied);
    projections.rebuildRunning.set(labels, note.running ? 1 : 0);
  }
}
