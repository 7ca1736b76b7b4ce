import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { OPERATIONS_MESSAGES, type OperationsRebuild } from '@verba/contracts';
import { HttpError } from '../../../platform/http/problem';
import type { BaseDeps, People } from '../../../platform/module';

const TABLE = 'projection_rebuilds';
/** A running rebuild writes its progress this often; one silent for STALE_SECONDS died with its process. */
const HEARTBEAT_MS = 2_000;
const STALE_SECONDS = 30;
const UNIQUE_VIOLATION = '23505';

export async function migrateRebuilds(db: Knex): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(7411045)');
    await trx.raw(`create table if not exists ${TABLE} (
      id uuid primary key,
      projection text not null,
      started_at timestamptz not null default now(),
      heartbeat_at timestamptz not null default now(),
      applied bigint not null default 0,
      total bigint,
      finished_at timestamptz,
      error text,
      started_by text not null)`);
    // One unfinished rebuild per projection, whichever API process started it.
    await trx.raw(`create unique index if not exists ${TABLE}_running on ${TABLE} (projection) where finished_at is null`);
  });
}

interface Row {
  id: string;
  projection: string;
  started_at: Date;
  heartbeat_at: Date;
  applied: string;
  total: string | null;
  finished_at: Date | null;
  error: string | null;
  started_by: string;
  stale: boolean;
}

/**
 * Rebuilds started from the operations page. Each runs in the API process that received it, in the
 * background, with the platform's blue/green rebuild; its progress is a row every API process reads. A
 * process that dies mid-rebuild leaves a row whose heartbeat stops: it counts as failed after STALE_SECONDS,
 * and the next start of that projection closes it.
 */
export class Rebuilds {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: Pick<BaseDeps, 'db' | 'store' | 'log' | 'operations'>) {}

  /** Starts a rebuild of `projection` for the admin `by`; its id. 404 for an unknown projection, 409 while one runs. */
  async start(projection: string, by: string): Promise<string> {
    const { db, store, operations } = this.deps;
    if (!operations.projections.includes(projection)) throw new HttpError(404, OPERATIONS_MESSAGES.unknownProjection);
    await db(TABLE)
      .where({ projection })
      .whereNull('finished_at')
      .where('heartbeat_at', '<', db.raw(`now() - interval '${STALE_SECONDS} seconds'`))
      .update({ finished_at: db.fn.now(), error: OPERATIONS_MESSAGES.interrupted });
    // The log's last sequence number counts its events (PostgreSQL); EventStoreDB's position is a byte offset.
    const total = store.name === 'postgres' ? (await store.headPosition()).sequence.toString() : null;
    const id = randomUUID();
    try {
      await db(TABLE).insert({ id, projection, total, started_by: by });
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw new HttpError(409, OPERATIONS_MESSAGES.alreadyRebuilding);
      throw e;
    }
    const run = this.run(id, projection).finally(() => this.running.delete(run));
    this.running.add(run);
    return id;
  }

  /** The latest rebuilds, newest first, each with the name of the admin who started it. */
  async latest(people: People, limit = 20): Promise<OperationsRebuild[]> {
    const rows: Row[] = await this.deps
      .db(TABLE)
      .select('*', this.deps.db.raw(`finished_at is null and heartbeat_at < now() - interval '${STALE_SECONDS} seconds' as stale`))
      .orderBy('started_at', 'desc')
      .limit(limit);
    const names = await people.displayNames([...new Set(rows.map((r) => r.started_by))]);
    return rows.map((r) => {
      const failed = r.error !== null || r.stale;
      const name = names.get(r.started_by);
      return {
        id: r.id,
        projection: r.projection,
        state: failed ? 'failed' : r.finished_at ? 'done' : 'running',
        startedAt: r.started_at.toISOString(),
        finishedAt: r.finished_at?.toISOString() ?? null,
        applied: Number(r.applied),
        total: r.total === null ? null : Number(r.total),
        error: r.error ?? (r.stale ? OPERATIONS_MESSAGES.interrupted : null),
        by: name === undefined ? null : { id: r.started_by, name },
      };
    });
  }

  /** Resolves when every rebuild this process started has ended (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async run(id: string, projection: string): Promise<void> {
    const { db, log, operations } = this.deps;
    let applied = 0;
    const beat = () => db(TABLE).where({ id }).update({ applied, heartbeat_at: db.fn.now() });
    const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const { events } = await operations.rebuild(projection, (n) => (applied = n));
      clearInterval(heartbeat);
      await db(TABLE).where({ id }).update({ applied: events, heartbeat_at: db.fn.now(), finished_at: db.fn.now() });
    } catch (error) {
      clearInterval(heartbeat);
      log.error({ err: error, projection }, 'rebuild from the operations page failed');
      await db(TABLE)
        .where({ id })
        .update({ applied, finished_at: db.fn.now(), error: OPERATIONS_MESSAGES.failed })
        .catch((e: unknown) => log.warn({ err: e, projection }, 'the failed rebuild could not be recorded')); // e.g. the database closed under it
    }
  }
}
