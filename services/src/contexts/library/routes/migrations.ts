import { migrationRoutes as r } from '@verba/contracts';
import { registerRoute, type Authenticator } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { TotalReadsRebuildJob } from '../domain/total-reads-rebuild';

/** Spec §7's `migrations/addArticlesTotalRead`, an admin's rebuild of the total reads (see the job). */
export function migrationRoutes(app: App, auth: Authenticator, job: TotalReadsRebuildJob): void {
  registerRoute(app, auth, r.startTotalReadsRebuild, () => job.start());
  registerRoute(app, auth, r.totalReadsRebuildStatus, () => job.status());
}
