import type { OperationsFollower, OperationsOverview, OperationsProjection, OperationsRebuild, ProjectionState } from '@verba/contracts';
import { formatPosition, type Position } from '../../../platform/event-store/port';
import path from 'node:path';
import { backupDirOf, backupsAutomatic, backupStatus, formatEvery } from '../../../platform/backup/schedule';
import type { BaseDeps } from '../../../platform/module';
import type { FragmentEnvironments } from './fragments';
import { lagsAfter, type Lag } from './lag';

/** Below this many events (PostgreSQL's estimate), the log's events are counted instead, up to it. */
const EVENT_COUNT_CAP = 100_000;

interface CheckpointRow {
  name: string;
  commit_position: string;
  prepare_position: string;
  updated_at: Date;
}
interface ProjectionRow extends Partial<CheckpointRow> {
  name: string;
  active_generation: number;
  version: number;
  error_at: Date | null;
  error_message: string | null;
}

const positionOf = (r: { commit_position: string; prepare_position: string }): Position => ({
  transaction: BigInt(r.commit_position),
  sequence: BigInt(r.prepare_position),
});
const noLag = { lagEvents: null, lagCapped: false, lagSeconds: null };
const lagFields = (lag: Lag | undefined) => (lag ? { lagEvents: lag.events, lagCapped: lag.capped, lagSeconds: lag.seconds } : noLag);

/**
 * Everything the operations page shows, read at the call from PostgreSQL and the fragment store: nothing is
 * sampled in between, so an API nobody asks does no work for it, and any API process answers the same.
 */
export class OperationsQueries {
  constructor(
    private readonly deps: Pick<BaseDeps, 'db' | 'store' | 'untrusted' | 'operations' | 'config'>,
    private readonly fragments: FragmentEnvironments,
    private readonly rebuilds: () => Promise<OperationsRebuild[]>,
  ) {}

  async overview(): Promise<OperationsOverview> {
    const { db, store } = this.deps;
    const postgres = store.name === 'postgres';
    const [projectionRows, followerRows, log, rebuilds, fragments] = await Promise.all([
      this.projectionRows(),
      db('relay_checkpoints').select('name', 'commit_position', 'prepare_position', 'updated_at').orderBy('name') as Promise<
        CheckpointRow[]
      >,
      this.log(postgres),
      this.rebuilds(),
      this.fragments.list(),
    ]);
    const positions = new Map<string, { at: Position; types?: readonly string[] | undefined }>([
      ...projectionRows.flatMap((r) =>
        r.commit_position
          ? [[`p:${r.name}`, { at: positionOf(r as CheckpointRow), types: this.deps.operations.eventTypesOf(r.name) }] as const]
          : [],
      ),
      ...followerRows.map((r) => [`f:${r.name}`, { at: positionOf(r) }] as const),
    ]);
    const lags = postgres ? await lagsAfter(db, positions) : new Map<string, Lag>();
    const rebuilding = new Set(rebuilds.filter((r) => r.state === 'running').map((r) => r.projection));

    const projections = projectionRows.map((r): OperationsProjection => {
      const lag = lags.get(`p:${r.name}`);
      const lastError = r.error_at ? { at: r.error_at.toISOString(), message: r.error_message ?? '' } : null;
      // Failing: it failed since its checkpoint last moved and has events left to apply.
      const failedSince = !!r.error_at && (!r.updated_at || r.error_at > r.updated_at);
      const state: ProjectionState = rebuilding.has(r.name)
        ? 'rebuilding'
        : failedSince && lag?.events !== 0
          ? 'failing'
          : !lag
            ? 'unknown'
            : lag.events === 0
              ? 'caught-up'
              : 'behind';
      return {
        name: r.name,
        generation: r.active_generation ?? null,
        version: r.version ?? null,
        position: r.commit_position ? formatPosition(positionOf(r as CheckpointRow)) : null,
        ...lagFields(lag),
        updatedAt: r.updated_at?.toISOString() ?? null,
        state,
        lastError,
      };
    });
    const followers = followerRows.map((r): OperationsFollower => ({
      name: r.name,
      kind: r.name.startsWith('reactor:') ? 'reactor' : 'relay',
      position: formatPosition(positionOf(r)),
      ...lagFields(lags.get(`f:${r.name}`)),
      updatedAt: r.updated_at.toISOString(),
    }));
    return {
      at: log.at,
      store: postgres ? 'postgres' : 'eventstoredb',
      log: log.log,
      projections,
      followers,
      workerPool: { jobsInHand: this.deps.untrusted.jobs?.() ?? 0 },
      fragments,
      backups: this.backups(),
      rebuilds,
    };
  }

  private backups(): OperationsOverview['backups'] {
    const { config } = this.deps;
    const automatic = backupsAutomatic(config);
    const status = backupStatus(backupDirOf(config));
    return {
      automatic,
      every: automatic && config.BACKUP_EVERY ? formatEvery(config.BACKUP_EVERY) : null,
      keep: config.BACKUP_KEEP,
      count: status.count,
      last: status.last ? { name: path.basename(status.last.file), at: status.last.at, bytes: status.last.bytes } : null,
      failure: status.failure ?? null,
    };
  }

  /** Every projection of the composed modules, with its live generation's checkpoint and last recorded failure. */
  private async projectionRows(): Promise<ProjectionRow[]> {
    const rows: ProjectionRow[] = await this.deps
      .db('projection_state as s')
      .leftJoin('projection_checkpoints as c', function join() {
        this.on('c.name', '=', 's.name').andOn('c.generation', '=', 's.active_generation');
      })
      .leftJoin('projection_errors as e', 'e.name', 's.name')
      .select(
        's.name',
        's.active_generation',
        's.version',
        'c.commit_position',
        'c.prepare_position',
        'c.updated_at',
        'e.at as error_at',
        'e.message as error_message',
      );
    const byName = new Map(rows.map((r) => [r.name, r]));
    // A projection never built yet has no state row: listed without a position.
    return [...this.deps.operations.projections]
      .sort()
      .map((name) => byName.get(name) ?? ({ name, error_at: null, error_message: null } as unknown as ProjectionRow));
  }

  private async log(postgres: boolean): Promise<{ at: string; log: OperationsOverview['log'] }> {
    const { db, store } = this.deps;
    const head = formatPosition(await store.headPosition());
    if (!postgres) {
      const { rows } = await db.raw('select now() as at');
      return {
        at: (rows[0].at as Date).toISOString(),
        log: { head, events: null, eventsEstimated: false, bytes: null, databaseBytes: null },
      };
    }
    const { rows } = await db.raw(
      `select now() as at, c.reltuples::bigint as estimate, pg_total_relation_size(c.oid) as bytes,
              pg_database_size(current_database()) as database_bytes
         from pg_class c where c.oid = 'es_events'::regclass`,
    );
    const row = rows[0] as { at: Date; estimate: string; bytes: string; database_bytes: string };
    let events = Number(row.estimate);
    let estimated = true;
    // Small or never analysed (-1): counted exactly, up to the cap, which costs little below it.
    if (events < EVENT_COUNT_CAP) {
      const counted = await db.raw(`select count(*)::int as n from (select 1 from es_events limit ${EVENT_COUNT_CAP}) s`);
      events = counted.rows[0].n as number;
      estimated = events >= EVENT_COUNT_CAP;
    }
    return {
      at: row.at.toISOString(),
      log: { head, events, eventsEstimated: estimated, bytes: Number(row.bytes), databaseBytes: Number(row.database_bytes) },
    };
  }
}
