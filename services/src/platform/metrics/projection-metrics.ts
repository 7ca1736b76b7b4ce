import { metricsOn, projections } from './registry';

/** Events a projection applied in one batch, and the time the batch took. */
export interface Applied {
  events: number;
  seconds: number;
}

export function recordApplied(projection: string, applied: Applied): void {
  if (!metricsOn()) return;
  projections.applied.inc({ projection }, applied.events);
  projections.duration.observe({ projection }, applied.seconds);
}

export function recordFailure(projection: string): void {
  if (!metricsOn()) return;
  projections.failures.inc({ projection });
}
