import knexFactory, { type Knex } from 'knex';
import { createRequire } from 'node:module';
import { statementName } from './statement-names';

export type { Knex };

export interface KnexOptions {
  poolSize?: number;
  /** Shows in pg_stat_activity; lets operators (and tests) tell the roles' connections apart. */
  applicationName?: string;
  /** Where knex's own warnings go (a dropped connection, say); console by default. */
  log?: { warn(message: string): void; error(message: string): void };
  /**
   * Prepare the statements marked HOT_STATEMENT once per connection (statement-names.ts). Off for the
   * embedded PGlite, whose connections share one session.
   */
  namedStatements?: boolean;
}

/**
 * `.options(HOT_STATEMENT)` on a raw statement the live path runs over and over with the same text (a
 * projection's batch write, its checkpoint move): with named statements on, each connection parses and
 * plans it once. Only for statements of fixed text whose result columns never change.
 */
export const HOT_STATEMENT = Object.freeze({ hot: true });

interface QueryObject {
  sql: string;
  options?: { hot?: boolean; name?: string };
}

/** The part of knex's pg client (untyped, not exported by knex's types) that NamingClient overrides. */
type PgClientClass = new (config: Knex.Config) => { _query(connection: unknown, obj: QueryObject): Promise<unknown> };
const PgClient = createRequire(import.meta.url)('knex/lib/dialects/postgres/index.js') as PgClientClass;

/** knex's pg client, naming the statements marked HOT_STATEMENT (transactions' clients inherit it). */
class NamingClient extends PgClient {
  override _query(connection: unknown, obj: QueryObject): Promise<unknown> {
    if (obj.options?.hot) obj.options = { name: statementName(obj.sql) };
    return super._query(connection, obj);
  }
}

/** Whether `db` prepares its HOT_STATEMENTs once per connection (a real server, not PGlite). */
export const preparesStatements = (db: Knex): boolean => db.client instanceof NamingClient;

/** Read models and projections use knex; the event store talks to `pg` directly for speed. */
export function createKnex(connectionString: string, options: KnexOptions = {}): Knex {
  return knexFactory({
    // Without names, a HOT_STATEMENT marker reaches node-pg as an option it ignores.
    client: options.namedStatements ? (NamingClient as unknown as typeof Knex.Client) : 'pg',
    connection: { connectionString, application_name: options.applicationName ?? 'verba' },
    pool: { min: 0, max: options.poolSize ?? 10 },
    acquireConnectionTimeout: 30_000,
    ...(options.log ? { log: { warn: options.log.warn, error: options.log.error, debug() {}, deprecate: options.log.warn } } : {}),
  });
}
