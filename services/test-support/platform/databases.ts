import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded';

/**
 * Databases for tests. Real PostgreSQL is where concurrency is real; PGlite is what a fresh machine has.
 * A real-PostgreSQL test skips only on a developer machine without a server; in CI a missing server fails.
 */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  connectionString: string;
  /** As the runtime's Database has it: hot statements are named on a real server, not on PGlite. */
  namedStatements: boolean;
  drop(): Promise<void>;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Checked once per test file at collection time (top-level await). */
export async function probeRealPostgres(): Promise<{ available: boolean; skipReason: string }> {
  const available = await canConnect(TEST_POSTGRES_URL);
  if (!available && process.env.CI) {
    throw new Error(`CI requires PostgreSQL at ${TEST_POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} but it is not reachable`);
  }
  return {
    available,
    skipReason: available ? '' : `skipped: no PostgreSQL server at ${TEST_POSTGRES_URL} (these run in CI)`,
  };
}

/** A fresh database on the real server, dropped afterwards, so test files never see each other's data. */
export async function createRealTestDatabase(): Promise<TestDatabase> {
  const name = `verba_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    namedStatements: true,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      // Pools resolve end() before their connections have finished closing; forcing the drop at once
      // would kill those and surface as unhandled errors. Wait for them, force only as a last resort.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(attempt < 50 ? `drop database if exists ${name}` : `drop database if exists ${name} with (force)`);
          break;
        } catch (e) {
          if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

/** An in-memory PGlite behind a local socket. */
export async function createEmbeddedTestDatabase(): Promise<TestDatabase> {
  const embedded = await startEmbeddedPostgres();
  return { connectionString: embedded.connectionString, namedStatements: false, drop: () => embedded.close() };
}

export interface TestEngine {
  label: string;
  create(): Promise<TestDatabase>;
  /** Set when the engine cannot run here (never in CI); put it in the skipped suite's name. */
  skipReason?: string;
}

/** PGlite always; real PostgreSQL where reachable (always in CI). */
export async function testEngines(): Promise<TestEngine[]> {
  const real = await probeRealPostgres();
  return [
    { label: 'PGlite', create: createEmbeddedTestDatabase },
    { label: 'PostgreSQL', create: createRealTestDatabase, ...(real.available ? {} : { skipReason: real.skipReason }) },
  ];
}

/**
 * For suites that need one database, not a comparison: real PostgreSQL where there is one (always in
 * CI), else PGlite, so a fresh machine without a server still runs them.
 */
export async function preferredTestDatabase(): Promise<{ label: string; create: () => Promise<TestDatabase> }> {
  const real = await probeRealPostgres();
  return real.available
    ? { label: 'PostgreSQL', create: createRealTestDatabase }
    : { label: 'PGlite (no PostgreSQL server here)', create: createEmbeddedTestDatabase };
}
