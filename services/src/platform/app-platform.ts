import { historyOf } from './history';
import { readableOf } from './readable';
import type { Knex } from 'knex';
import { createCache } from './cache/index';
import type { Config } from './config';
import { openDatabase, type Database } from './db/database';
import { createKnex } from './db/knex';
import { createPostgresEventStore, migrateEventStore } from './event-store/postgres/adapter';
import { comparePositions, type EventStore, type Position } from './event-store/port';
import { connectEventStoreDb, notifyingAppends, redactUrl } from './event-store/select';
import type { Authenticator } from './http/routes';
import { createInProcessPublisher } from './integration/in-process';
import type { IntegrationPublisher } from './integration/publisher';
import { IntegrationRelay, migrateRelay } from './integration/relay';
import type { Logger } from './logger';
import type { BaseDeps, ChapterReading, Entitlements, Module, ModuleDeps, People, Provides, TimeZones, WordMeanings } from './module';
import { CheckpointedFollower } from './event-store/checkpointed-follower';
import { SharedLogReader } from './event-store/shared-log-reader';
import { createMailer } from './mail/index';
import { PROJECTOR_COALESCE_MS, ProjectionRunner, migrateProjections } from './projections/runner';
import { loadSecrets } from './secrets';
import { createUntrustedPool } from './untrusted/pool';
import { migratePersonalDataKeys, PersonalData } from './personal-data/keys';
import { RuntimeInstances } from './per-runtime';
import { instrumentedAppends } from './metrics/event-store-metrics';
import { observeLag, probeLag, type LagSource, type Probe } from './metrics/log-lag';
import { metricsOn } from './metrics/registry';

/**
 * The relay and reactors take up to this many events a batch and pause this long after a smaller one:
 * side effects can wait a tenth of a second, and fewer, larger batches mean fewer checkpoint writes
 * (every write transaction holds back the log's readers for its duration).
 */
const FOLLOWER_BATCH = 1000;
const FOLLOWER_PAUSE_MS = 100;

export interface Platform {
  database: Database;
  store: EventStore;
  db: Knex;
  runner: ProjectionRunner;
  /** Publishes public integration events; started by the all-in-one and relay roles. */
  relay: IntegrationRelay;
  /** The modules' reactors, each following the log from its own checkpoint (see startReactors). */
  reactors: CheckpointedFollower[];
  startReactors(): Promise<void>;
  publisher: IntegrationPublisher;
  deps: ModuleDeps;
  /** Let queries wait on another projector (the all-in-one's worker thread) instead of `runner`. */
  useProjections(target: Pick<ProjectionRunner, 'waitFor' | 'appliedPositions'>): void;
  /** Told after each append through this process's store. */
  onAppended(listener: () => void): void;
  /** How far behind the log's head the projections and relay this process runs are (readiness, metrics). */
  lag(): Promise<Probe>;
  close(): Promise<void>;
}

/** Opens the database, event store, knex and cache, and runs every migration. Nothing is started yet. */
export async function openPlatform(
  config: Config,
  log: Logger,
  modules: readonly Module[],
  options: {
    projectorsInProcess?: boolean;
    now?: () => Date;
    /** The untrusted pool's worker module (runtime/untrusted-worker.ts); started on its first job. */
    untrustedWorker: URL;
    /** Where the pool's background jobs run, a process each (runtime/background-jobs.ts); on its threads without. */
    backgroundJobs?: URL;
  },
): Promise<Platform> {
  const appendListeners = new Set<() => void>();
  const appended = () => {
    for (const listener of appendListeners) listener();
  };
  // EventStoreDB first: when it is configured but down, nothing else (not even PostgreSQL) is touched.
  const esdb = config.EVENTSTORE_URL ? notifyingAppends(await connectEventStoreDb(config.EVENTSTORE_URL), appended) : undefined;
  if (esdb) log.info(`event store: EventStoreDB at ${redactUrl(config.EVENTSTORE_URL!)}`);
  const database = await openDatabase(config.DATABASE_URL, config.DATA_DIR);
  log.info({ embedded: database.embedded }, database.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}` : 'PostgreSQL');
  let store: EventStore;
  if (esdb) {
    store = esdb;
  } else {
    const pg = createPostgresEventStore({
      connectionString: database.connectionString,
      poolSize: 20,
      coalesceMs: PROJECTOR_COALESCE_MS,
      onAppended: appended,
      namedStatements: database.namedStatements,
    });
    await migrateEventStore(pg.pool);
    store = pg;
  }
  store = instrumentedAppends(store);
  const db = createKnex(database.connectionString, {
    poolSize: 10,
    namedStatements: database.namedStatements,
    log: { warn: (m) => log.warn(m), error: (m) => log.error(m) },
  });
  await migrateProjections(db);
  await migrateRelay(db);
  await migratePersonalDataKeys(db);
  for (const m of modules) await m.migrate?.(db);
  const allProjections = modules.flatMap((m) => m.projections ?? []);
  const runner = new ProjectionRunner({
    store,
    db,
    projections: allProjections,
    log,
    adoptNewLog: config.REBUILD_ON_NEW_LOG,
  });
  const publisher = config.KAFKA_BROKERS
    ? (await import('./integration/kafka')).createKafkaPublisher({ brokers: config.KAFKA_BROKERS, log })
    : createInProcessPublisher({ log });
  // The relay and the reactors read the log once between them, a batch a tenth of a second at most.
  const followersReader = new SharedLogReader(store, FOLLOWER_BATCH, { minBatchIntervalMs: FOLLOWER_PAUSE_MS });
  const relay = new IntegrationRelay({
    store,
    db,
    publisher,
    mappers: Object.assign({}, ...modules.map((m) => m.integration ?? {})),
    log,
    batchSize: FOLLOWER_BATCH,
    reader: followersReader,
    adoptNewLog: config.REBUILD_ON_NEW_LOG,
  });
  const cache = createCache(config.REDIS_URL);
  const secrets = loadSecrets({ secretKey: config.SECRET_KEY, dataDir: config.DATA_DIR, production: config.NODE_ENV === 'production' });
  // Queries wait on whoever runs the projectors: this runner, or a worker thread (useProjections).
  const projections = {
    target: runner as Pick<ProjectionRunner, 'waitFor' | 'appliedPositions'>,
    waitFor(...args: Parameters<ProjectionRunner['waitFor']>) {
      return this.target.waitFor(...args);
    },
    // Committed rows only (a position is returned after its command committed); the primary key's order.
    async inLog(position: Position): Promise<boolean> {
      if (esdb) return comparePositions(await esdb.headPosition(), position) >= 0;
      const { rows } = await db.raw(
        'select exists (select 1 from es_events where (transaction_id, global_position) >= (?::text::xid8, ?::bigint)) as found',
        [position.transaction.toString(), position.sequence.toString()],
      );
      return Boolean(rows[0]?.found);
    },
  };
  const mailer = await createMailer(config, db);
  const core: Omit<BaseDeps, 'entitlements'> = {
    config,
    log,
    store,
    db,
    cache,
    secrets,
    personalData: new PersonalData(db),
    untrusted: createUntrustedPool({
      entry: options.untrustedWorker,
      ...(options.backgroundJobs ? { background: { entry: options.backgroundJobs } } : {}),
    }),
    projections,
    projectorsInProcess: options.projectorsInProcess ?? false,
    mailer,
    now: options.now ?? (() => new Date()),
    appUrl: (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, ''),
    instances: new RuntimeInstances(),
    operations: {
      projections: allProjections.map((p) => p.name),
      eventTypesOf: (name) => allProjections.find((p) => p.name === name)?.eventTypes,
      rebuild: (name, onProgress) => runner.rebuild(name, onProgress),
    },
  };
  const base: BaseDeps = { ...core, entitlements: entitlementsOf(modules, core) };
  const deps: ModuleDeps = {
    ...base,
    auth: authenticatorOf(modules, base),
    history: historyOf(modules),
    people: peopleOf(modules, base),
    timeZones: timeZonesOf(modules, base),
    wordMeanings: wordMeaningsOf(modules, base),
    chapterReading: chapterReadingOf(modules, base),
    readable: readableOf(modules, () => deps),
  };
  // Scraped only: the lag of whatever this process runs (projections here or in its worker, the relay).
  const lagSource: LagSource = {
    store,
    followers: { projections: () => projections.target.appliedPositions(), relay: () => relay.position() },
    untrustedJobs: () => core.untrusted.jobs?.() ?? 0,
  };
  const unobserve = metricsOn() ? observeLag(lagSource) : () => undefined;
  const reactors = modules
    .flatMap((m) => m.reactors?.(deps) ?? [])
    .map((reactor) => {
      const types = new Set(reactor.eventTypes);
      return new CheckpointedFollower({
        name: `reactor:${reactor.name}`,
        store,
        db,
        log,
        batchSize: FOLLOWER_BATCH,
        reader: followersReader,
        adoptNewLog: config.REBUILD_ON_NEW_LOG,
        handle: async (batch) => {
          for (const event of batch) if (types.has(event.type)) await reactor.react(event);
        },
      });
    });
  return {
    database,
    store,
    db,
    runner,
    relay,
    reactors,
    async startReactors() {
      for (const reactor of reactors) await reactor.start();
    },
    publisher,
    deps,
    useProjections(target) {
      projections.target = target;
    },
    onAppended(listener) {
      appendListeners.add(listener);
    },
    lag: () => probeLag(lagSource),
    async close() {
      unobserve();
      for (const reactor of reactors) await reactor.stop();
      await relay.stop();
      await runner.stop();
      await publisher.close();
      mailer.close?.();
      await core.untrusted.close();
      await cache.close();
      await db.destroy();
      await store.close();
      await database.close();
    },
  };
}

/** The one module that provides `what`, if any: two providers in one process is a wiring mistake, refused at start-up. */
export function providerOf<K extends keyof Provides>(modules: readonly Module[], what: K): NonNullable<Provides[K]> | undefined {
  const providers = modules.filter((m) => m.provides?.[what]);
  if (providers.length > 1) throw new Error(`${what} is provided by more than one module: ${providers.map((m) => m.name).join(', ')}`);
  return providers[0]?.provides?.[what] as NonNullable<Provides[K]> | undefined;
}

function entitlementsOf(modules: readonly Module[], core: Omit<BaseDeps, 'entitlements'>): Entitlements {
  const provide = providerOf(modules, 'entitlements');
  // No billing in this process: everyone is Free.
  return provide
    ? provide(core)
    : { subscriptionOf: async () => 'free', masterSources: async () => new Map(), masterUserIds: async () => [] };
}

function authenticatorOf(modules: readonly Module[], base: BaseDeps): Authenticator {
  const provide = providerOf(modules, 'authenticator');
  // No identity module in this process: every protected route answers 401.
  return provide ? provide(base) : { authenticate: async () => undefined, currentRole: async () => undefined, csrfToken: () => '' };
}

function peopleOf(modules: readonly Module[], base: BaseDeps): People {
  const provide = providerOf(modules, 'people');
  return provide ? provide(base) : { displayNames: async () => new Map() };
}

function wordMeaningsOf(modules: readonly Module[], base: BaseDeps): WordMeanings {
  const provide = providerOf(modules, 'wordMeanings');
  // No dictionaries in this process: words are listed without their sense.
  return provide ? provide(base) : { firstMeanings: async () => new Map() };
}

function chapterReadingOf(modules: readonly Module[], base: BaseDeps): ChapterReading {
  const provide = providerOf(modules, 'chapterReading');
  // No courses in this process: no chapter has been read.
  return provide ? provide(base) : { readModels: [], readChapters: async () => [] };
}

function timeZonesOf(modules: readonly Module[], base: BaseDeps): TimeZones {
  const provide = providerOf(modules, 'timeZones');
  // No identity module in this process: every learner's days are UTC days.
  return provide ? provide(base) : { timeZoneOf: async () => 'UTC' };
}
