import { z } from 'zod';
import { PositionSchema, defineRoute } from './route';

/** The admin operations page (issue 45.4): how the log's followers, the fragments and the workers stand. */

export const OPERATIONS_MESSAGES = {
  unknownProjection: 'There is no projection of that name.',
  alreadyRebuilding: 'A rebuild of this projection is already running: wait for it to finish.',
  interrupted: 'The rebuild stopped before it finished (its process ended). Start it again.',
  failed: 'The rebuild failed; the live read model is unchanged.',
} as const;

/** Lag is counted up to this many events; beyond, the page says "more than". */
export const LAG_COUNT_CAP = 10_000;

const At = z.iso.datetime({ offset: true });

/** Events not yet applied and how long the oldest of them has waited; null where the store cannot count them (EventStoreDB). */
const LagFields = {
  lagEvents: z.number().int().nullable(),
  /** True when there are more than LAG_COUNT_CAP events behind (lagEvents is then the cap). */
  lagCapped: z.boolean(),
  lagSeconds: z.number().nullable(),
};

export const PROJECTION_STATES = ['caught-up', 'behind', 'rebuilding', 'failing', 'unknown'] as const;
export type ProjectionState = (typeof PROJECTION_STATES)[number];

export const OperationsProjectionSchema = z.object({
  name: z.string(),
  /** The generation the read model's views point at, and the projection code version that built it. */
  generation: z.number().int().nullable(),
  version: z.number().int().nullable(),
  /** The live generation's stored checkpoint; null before its first build. */
  position: PositionSchema.nullable(),
  ...LagFields,
  /** When the stored checkpoint last moved. */
  updatedAt: At.nullable(),
  state: z.enum(PROJECTION_STATES),
  /** The last failure any projector process recorded, still shown after it recovered. */
  lastError: z.object({ at: At, message: z.string() }).nullable(),
});
export type OperationsProjection = z.infer<typeof OperationsProjectionSchema>;

export const OperationsFollowerSchema = z.object({
  /** 'integration' for the relay to Kafka; `reactor:<name>` for a reactor (emails ...). */
  name: z.string(),
  kind: z.enum(['relay', 'reactor']),
  position: PositionSchema,
  ...LagFields,
  updatedAt: At,
});
export type OperationsFollower = z.infer<typeof OperationsFollowerSchema>;

export const REBUILD_RUN_STATES = ['running', 'done', 'failed'] as const;

export const OperationsRebuildSchema = z.object({
  id: z.uuid(),
  projection: z.string(),
  state: z.enum(REBUILD_RUN_STATES),
  startedAt: At,
  finishedAt: At.nullable(),
  /** Events of the log read so far (a rebuild reads the whole log, in order). */
  applied: z.number().int(),
  /** Events in the log when it started (PostgreSQL's sequence; null on EventStoreDB). Appends meanwhile are read too. */
  total: z.number().int().nullable(),
  /** Why it failed (generic; the details are in the server log). */
  error: z.string().nullable(),
  /** The admin who started it; null once their account was erased. */
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type OperationsRebuild = z.infer<typeof OperationsRebuildSchema>;

export const FragmentEnvironmentSchema = z.object({
  env: z.string(),
  /** True for the environment this API serves the shell from (FRAGMENT_ENV). */
  served: z.boolean(),
  fragments: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      /** When this version became the served one (a publish or a rollback). */
      since: At,
      /** Earlier versions, newest first: what a rollback moves back to. */
      earlier: z.array(z.string()),
    }),
  ),
});
export type FragmentEnvironment = z.infer<typeof FragmentEnvironmentSchema>;

export const OperationsOverviewSchema = z.object({
  /** When the figures were read (the database's clock). */
  at: At,
  store: z.enum(['postgres', 'eventstoredb']),
  log: z.object({
    head: PositionSchema,
    /** Events in the log: PostgreSQL's estimate (or a capped count on a table never analysed); null on EventStoreDB. */
    events: z.number().int().nullable(),
    eventsEstimated: z.boolean(),
    /** The log's table with its indexes, and the whole database, in bytes; null on EventStoreDB. */
    bytes: z.number().int().nullable(),
    databaseBytes: z.number().int().nullable(),
  }),
  projections: z.array(OperationsProjectionSchema),
  followers: z.array(OperationsFollowerSchema),
  /** The untrusted-input worker pool of the API process that answered (each process has its own). */
  workerPool: z.object({ jobsInHand: z.number().int() }),
  fragments: z.array(FragmentEnvironmentSchema),
  /**
   * Automatic backups (`BACKUP_EVERY`, `BACKUP_KEEP`, `BACKUP_DIR`), as the answering process sees its backup
   * folder: made on the embedded default, or on PostgreSQL when BACKUP_DIR is set; `every` is null when they are off.
   */
  backups: z.object({
    automatic: z.boolean(),
    every: z.string().nullable(),
    keep: z.number().int(),
    count: z.number().int(),
    last: z.object({ name: z.string(), at: At, bytes: z.number().int() }).nullable(),
    /** The last attempt, when it failed (a later success clears it). */
    failure: z.object({ at: At, message: z.string() }).nullable(),
  }),
  /** The latest rebuilds, newest first (running ones included). */
  rebuilds: z.array(OperationsRebuildSchema),
});
export type OperationsOverview = z.infer<typeof OperationsOverviewSchema>;

export const adminOperations = defineRoute({
  method: 'GET',
  path: '/api/admin/operations',
  access: 'admin',
  summary: "Operations (admin): projections' positions, lag and state, the relay and reactors, the log, rebuilds, fragments",
  description:
    'Read from PostgreSQL and the fragment store at each call, so every API process answers the same (the worker pool is ' +
    "the answering process's own). Nothing is measured between calls: the page reads it every few seconds while it is open. " +
    `Lag is counted up to ${LAG_COUNT_CAP} events. Parked relay messages are not stored: see the metric verba_relay_parked_messages.`,
  response: OperationsOverviewSchema,
});

export const startProjectionRebuild = defineRoute({
  method: 'POST',
  path: '/api/admin/operations/rebuilds',
  access: 'admin',
  summary: 'Rebuild a read model from the log beside the live one (blue/green); answers at once with the rebuild id',
  description:
    'The API process that receives it runs the rebuild in the background; its progress is in GET /api/admin/operations. ' +
    'Readers keep the live read model until the new generation has caught up, then the views switch to it.',
  body: z.object({ projection: z.string().min(1).max(100) }),
  response: z.object({ id: z.uuid() }),
  status: 202,
  errors: {
    404: OPERATIONS_MESSAGES.unknownProjection,
    409: OPERATIONS_MESSAGES.alreadyRebuilding,
  },
});

export const adminOperationsRoutes = { adminOperations, startProjectionRebuild };
