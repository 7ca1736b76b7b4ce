import knexFactory, { type Knex } from 'knex';

export type { Knex };

export interface KnexOptions {
  poolSize?: number;
  /** Shows in pg_stat_activity; lets operators (and tests) tell the roles' connections apart. */
  applicationName?: string;
  /** Where knex's own warnings go (a dropped connection, say); console by default. */
  log?: { warn(message: string): void; error(message: string): void };
}

/** Read models and projections use knex; the event store talks to `pg` directly for speed. */
export function createKnex(connectionString: string, options: KnexOptions = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString, application_name: options.applicationName ?? 'verba' },
    pool: { min: 0, max: options.poolSize ?? 10 },
    acquireConnectionTimeout: 30_000,
    ...(options.log
      ? { log: { warn: options.log.warn, error: options.log.error, debug() {}, deprecate: options.log.warn } }
      : {}),
  });
}
