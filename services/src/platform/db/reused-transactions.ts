import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { preparesStatements } from './knex';
import { statementName } from './statement-names';

type MakeKnex = (client: unknown) => Knex;
const makeKnex = createRequire(import.meta.url)('knex/lib/knex-builder/make-knex.js') as MakeKnex;
/** node-pg's conversion of a parameter to its text (arrays to array literals, dates, buffers). */
const pgUtils = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): string | null };

/** The pooled connection knex hands out (node-pg's client), as far as this file uses it. */
interface Connection {
  query(sql: string): Promise<unknown>;
  /** knex's mark for a connection its pool must destroy instead of reusing. */
  __knex__disposed?: unknown;
}

/** knex's client, as far as this file uses it (knex's types do not describe these members). */
interface KnexClient {
  constructor: { prototype: object };
  acquireConnection(): Promise<Connection>;
  releaseConnection(connection: Connection): Promise<unknown>;
  query(connection: Connection, obj: unknown): Promise<unknown>;
}

export const QUERY_OUTSIDE_TRANSACTION = "A query on a projection batch's transaction ran after that transaction ended";
const NOT_HERE = "A projection batch's transaction is committed or rolled back by the projection runner";

/** A statement of a transaction sent at once: `?` placeholders and their values, as for `trx.raw`. */
export interface AtOnceStatement {
  sql: string;
  bindings: readonly Knex.RawBinding[];
}

/** A statement's prepared name and text with `$n` placeholders, derived once per text. */
const prepared = new Map<string, { name: string; text: string }>();

/** The statements PREPAREd on each connection, by name (whichever instance's transactions did it). */
const preparedOn = new WeakMap<Connection, Set<string>>();

/** A value as a SQL literal, converted as node-pg converts a parameter (arrays, dates, buffers). */
function literal(value: unknown): string {
  const v = pgUtils.prepareValue(value);
  return v === null ? 'NULL' : quoteLiteral(v);
}

/**
 * What node-pg's `escapeLiteral` answers, built by whole-string replaces: it appends a character at a
 * time (a new string each), which was 30% of all the projector thread allocated under the mark load,
 * where the values are whole columns as array literals.
 */
export function quoteLiteral(text: string): string {
  const body = text.includes("'") ? text.replaceAll("'", "''") : text;
  return text.includes('\\') ? ` E'${body.replaceAll('\\', '\\\\')}'` : `'${body}'`;
}

interface Bound {
  trx: Knex.Transaction;
  /** True between BEGIN and the end of the work: a query outside it is refused, as knex refuses one. */
  open: boolean;
}

/**
 * Transactions on knex instances bound to one pooled connection each, built the first time a connection
 * is seen and reused for every later transaction on it; BEGIN, COMMIT and ROLLBACK go to the connection
 * directly. knex's own `db.transaction()` builds a whole knex instance per transaction (a closure per
 * query method, event listeners, a client object): measured at about 110 µs of CPU a transaction above
 * BEGIN and COMMIT sent directly, and a quarter of everything the projector thread allocated under the
 * mark load. For the projection runner's live batches, thousands a minute; the rest of the code keeps
 * `db.transaction()`. The work must not start nested transactions, nor commit or roll back itself.
 */
export class ReusedTransactions {
  private readonly bound = new WeakMap<Connection, Bound>();

  /** Whether runAtOnce can be used (statements are prepared: a real server, not PGlite). */
  readonly atOnce: boolean;

  constructor(private readonly db: Knex) {
    this.atOnce = preparesStatements(db);
  }

  /**
   * A whole transaction in one round trip: `begin; execute s1(...); ...; commit` as one simple query. Each
   * statement is PREPAREd once per connection (only fixed texts: HOT_STATEMENTs) and EXECUTEd with its
   * values as literals, so the server parses a few microseconds of text and runs the plan it keeps. A
   * failing statement stops the rest and the transaction rolls back. Answers each statement's rows.
   */
  async runAtOnce(statements: readonly AtOnceStatement[]): Promise<unknown[][]> {
    if (!this.atOnce) throw new Error('runAtOnce needs a server that keeps prepared statements');
    const client = this.db.client as unknown as KnexClient;
    const connection = await client.acquireConnection();
    try {
      let names = preparedOn.get(connection);
      if (!names) preparedOn.set(connection, (names = new Set()));
      const plan = statements.map((s) => ({ ...this.preparedAs(s), values: s.bindings.map(literal).join(', ') }));
      const missing = [...new Map(plan.filter((p) => !names.has(p.name)).map((p) => [p.name, p])).values()];
      if (missing.length) {
        await connection.query(missing.map((p) => `prepare ${p.name} as ${p.text}`).join(';\n'));
        for (const p of missing) names.add(p.name);
      }
      try {
        const results = (await connection.query(`begin; ${plan.map((p) => `execute ${p.name}(${p.values})`).join('; ')}; commit`)) as {
          rows: unknown[];
        }[];
        return results.slice(1, -1).map((r) => r.rows);
      } catch (e) {
        await connection.query('rollback').catch((err: unknown) => (connection.__knex__disposed = err ?? 'rollback failed'));
        throw e;
      }
    } finally {
      await client.releaseConnection(connection);
    }
  }

  private preparedAs(s: AtOnceStatement): { name: string; text: string } {
    let p = prepared.get(s.sql);
    if (!p) {
      p = {
        name: `${statementName(s.sql)}_x`,
        text: this.db
          .raw(s.sql, s.bindings as Knex.RawBinding[])
          .toSQL()
          .toNative().sql,
      };
      prepared.set(s.sql, p);
    }
    return p;
  }

  async run<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    const client = this.db.client as unknown as KnexClient;
    const connection = await client.acquireConnection();
    try {
      const b = this.bound.get(connection) ?? this.bind(client, connection);
      await connection.query('begin');
      b.open = true;
      let result: T;
      try {
        result = await work(b.trx);
      } catch (e) {
        b.open = false;
        // A connection that cannot even roll back is not given to anyone else.
        await connection.query('rollback').catch((err: unknown) => (connection.__knex__disposed = err ?? 'rollback failed'));
        throw e;
      }
      b.open = false;
      await connection.query('commit');
      return result;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** A client that always uses `connection` and never releases it (as knex's transaction client does). */
  private bind(parent: KnexClient, connection: Connection): Bound {
    const client = Object.create(parent.constructor.prototype) as KnexClient & Record<string, unknown>;
    for (const key of ['version', 'config', 'driver', 'connectionSettings', 'valueForUndefined', 'logger'] as const) {
      client[key] = (parent as unknown as Record<string, unknown>)[key];
    }
    client['transacting'] = true;
    const b = {} as Bound;
    const query = client.query;
    client.query = (conn, obj) => {
      if (conn !== connection) return Promise.reject(new Error('Invalid connection for transaction query.'));
      if (!b.open) return Promise.reject(new Error(QUERY_OUTSIDE_TRANSACTION));
      return query.call(client, conn, obj);
    };
    client.acquireConnection = () => Promise.resolve(connection);
    client.releaseConnection = () => Promise.resolve();
    const trx = makeKnex(client) as Knex.Transaction & { context: Record<string, unknown> };
    const refuse = () => {
      throw new Error(NOT_HERE);
    };
    Object.assign(trx, { isTransaction: true, commit: refuse, rollback: refuse, savepoint: refuse, isCompleted: () => !b.open });
    trx.context['transaction'] = refuse;
    trx.context['transactionProvider'] = refuse;
    b.trx = trx;
    b.open = false;
    this.bound.set(connection, b);
    return b;
  }
}
