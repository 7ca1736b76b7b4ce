import knexFactory, { type Knex } from 'knex';

export type { Knex };

/** Read models and projections use knex; the event store talks to `pg` directly for speed. */
export function createKnex(connectionString: string, poolSize = 10): Knex {
  return knexFactory({
    client: 'pg',
    connection: connectionString,
    pool: { min: 0, max: poolSize },
    acquireConnectionTimeout: 30_000,
  });
}
