import { migrationRoutes as r } from '@verba/contracts';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { TotalReadsRebuildJob } from '../domain/total-reads-rebuild';

/** Spec §7's `migrations/addArticlesTotalRead`, an admin's rebuild of the total reads (see the job). */
export function migrationRoutes(app: App, host: RouteHost, job: TotalReadsRebuildJob): void {
  registerRoute(app, host, r.startTotalReadsRebuild, () => job.start());
  registerRoute(app, host, r.totalReadsRebuildStatus, () => job.status());
}
