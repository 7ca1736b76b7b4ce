import { BACKGROUND_JOBS, UNTRUSTED_WORKER } from './untrusted-worker-url';
import { ConfigError, devToolsProblem, type Config } from '../platform/config';
import { createHttpServer, type App } from '../platform/http/server';
import type { Logger } from '../platform/logger';
import type { Module, ModuleDeps } from '../platform/module';
import { openPlatform } from '../platform/app-platform';
import { ProjectorWorker } from '../platform/projections/worker-host';
import { adminReads } from '../platform/projections/admin-reads';
import { seedIfEmpty } from './seed';
import { scheduleFor } from '../platform/backup/schedule';
import { enableMetrics, roleReady } from '../platform/metrics/registry';
import { serveMetrics } from '../platform/metrics/server';
import { readiness } from '../platform/health/readiness';
import { compressResponses } from './compression';
import { publishedFragments, serveWeb, webBuildsMissing, webPageFallbackFor } from './web';

type Role = 'all-in-one' | 'api' | 'projector' | 'relay';

const DRAIN_MS = 3000;

/** Every HTTP route an API process serves: each module's routes, then the web app. */
export async function mountRoutes(app: App, deps: ModuleDeps, modules: readonly Module[]): Promise<void> {
  await compressResponses(app);
  for (const m of modules) await m.routes?.(app, deps);
  await serveWeb(app, undefined, await publishedFragments(deps.config));
}

/** Runs the HTTP API and/or the projectors until SIGINT/SIGTERM, then drains and stops cleanly. */
export async function runServer(role: Role, config: Config, log: Logger, modules: readonly Module[]): Promise<void> {
  const exposed = role === 'all-in-one' || role === 'api' ? devToolsProblem(config) : undefined;
  if (exposed) throw new ConfigError(exposed);
  if (role !== 'all-in-one' && !config.DATABASE_URL) {
    throw new Error(`The ${role} role needs DATABASE_URL (the embedded database lives inside one process)`);
  }
  // Before the platform opens: its store, runner and relay record only when metrics are on.
  if (config.METRICS_PORT !== undefined) enableMetrics();
  roleReady.set({ role }, 0);
  const platform = await openPlatform(config, log, modules, {
    projectorsInProcess: role === 'all-in-one',
    untrustedWorker: UNTRUSTED_WORKER,
    backgroundJobs: BACKGROUND_JOBS,
  });
  let phase: 'starting' | 'serving' | 'draining' = 'starting';
  const { deps } = platform;
  const followsLog = role !== 'api';
  const relays = role === 'all-in-one' || role === 'relay';

  const app = await createHttpServer({
    log,
    ready: readiness({
      role,
      phase: () => phase,
      checks: {
        database: () => deps.db.raw('select 1'),
        eventStore: () => platform.store.headPosition(),
        ...(config.REDIS_URL ? { redis: () => deps.cache.get('verba:readiness') } : {}),
        ...(config.KAFKA_BROKERS && relays ? { kafka: async () => platform.publisher.reachable?.() } : {}),
      },
      ...(followsLog ? { lag: () => platform.lag() } : {}),
    }),
    validateResponses: config.NODE_ENV !== 'production',
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    ...(config.TRUST_PROXY !== undefined ? { trustProxy: config.TRUST_PROXY } : {}),
    ...(role === 'all-in-one' || role === 'api' ? { pageFallback: webPageFallbackFor(config) } : {}),
  });
  if (role === 'all-in-one' || role === 'api') {
    await mountRoutes(app, deps, modules);
    const missing = webBuildsMissing();
    if (missing.length) log.warn({ missing }, 'web app not built: run `npm run build:web` (npm start does it for you)');
  }
  let worker: ProjectorWorker | undefined;
  // The projector thread reads the PostgreSQL log; with EventStoreDB the projectors run on this thread too.
  if (role === 'all-in-one' && (platform.database.embedded || platform.store.name === 'eventstoredb')) {
    // On embedded PGlite the projectors run on this thread: PGlite runs every query on this thread's
    // one backend anyway, and a projector thread costs 70 MiB idle and 100-200 MiB under load for
    // about a quarter more marks/s (already above PostgreSQL's here). The store wakes the runner on
    // each append.
    await platform.runner.start();
  } else if (role === 'all-in-one') {
    // Projectors on their own thread: read models keep up while this thread serves HTTP.
    worker = await ProjectorWorker.start({
      entry: new URL('./projector-worker-boot.mjs', import.meta.url),
      workerData: {
        connectionString: platform.database.connectionString,
        logLevel: config.LOG_LEVEL,
        namedStatements: platform.database.namedStatements,
      },
      projections: modules.flatMap((m) => m.projections ?? []),
      log,
    });
    platform.useProjections(worker);
    platform.onAppended(() => worker!.wake());
  } else if (role === 'projector') {
    await platform.runner.start();
  }
  if (role === 'all-in-one' || role === 'projector') {
    // The projectors here drop the admin pages' cached reads (routes' `cached: 'admin'`), in Redis for other processes too.
    adminReads.cacheFor(deps);
    for (const m of modules) await m.started?.(deps);
  }
  if (role === 'all-in-one' || role === 'relay') {
    await platform.relay.start();
    await platform.startReactors();
  }
  if (role === 'all-in-one') {
    for (const line of await seedIfEmpty(deps, modules)) console.log(line);
  }
  const backups = role === 'all-in-one' ? scheduleFor(config, platform.database, log) : undefined;
  await app.listen({ host: config.HOST, port: config.PORT });
  const metrics = config.METRICS_PORT !== undefined ? await serveMetrics(config.HOST, config.METRICS_PORT, log) : undefined;
  phase = 'serving';
  roleReady.set({ role }, 1);
  log.info(`Verba ${role} listening on http://${config.HOST}:${config.PORT}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    phase = 'draining';
    roleReady.set({ role }, 0);
    log.info({ signal }, 'draining');
    // Finish in-flight requests, then the projectors' and the relay's current batch (checkpoints with them).
    // In-flight requests get a few seconds; connections clients keep open after that are cut, or a
    // keep-alive client could hold the process for a minute.
    const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_MS);
    await app.close();
    clearTimeout(cut);
    await backups?.stop();
    await worker?.stop();
    await platform.close();
    await metrics?.close();
    log.info('stopped');
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
