import { createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../test-support/platform/databases';
import { runToEnd } from '../../test-support/platform/role-process';
import { redactUrl } from '../platform/event-store/select';

const postgres = await probeRealPostgres();

describe.skipIf(!postgres.available)(`EventStoreDB selected by EVENTSTORE_URL ${postgres.skipReason}`, () => {
  let stub: Server;
  let port: number;
  let db: TestDatabase;
  let accepted = 0;

  beforeAll(async () => {
    // A stub EventStoreDB that takes each connection and drops it at once.
    stub = createServer((socket) => {
      accepted++;
      socket.destroy();
    });
    await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
    port = (stub.address() as { port: number }).port;
    db = await createRealTestDatabase();
  });
  afterAll(async () => {
    await new Promise((r) => stub?.close(r));
    await db?.drop();
  });

  it.each(['api', 'projector'])(
    '%s stops with a clear message when EventStoreDB refuses, and never falls back to PostgreSQL',
    async (role) => {
      const url = `esdb://admin:not-a-real-password@127.0.0.1:${port}?tls=false`;
      const result = await runToEnd(role, {
        DATABASE_URL: db.connectionString,
        EVENTSTORE_URL: url,
        SECRET_KEY: 'x'.repeat(40),
        LOG_LEVEL: 'info',
        PORT: '0',
      });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`EventStoreDB at esdb://127.0.0.1:${port}?tls=false cannot be reached (`);
      expect(result.output).toContain('EVENTSTORE_URL is set, so Verba does not fall back to PostgreSQL');
      expect(result.output).not.toContain('not-a-real-password');
      expect(result.output).not.toMatch(/listening on|\n\s+at /); // never served, no stack trace
      expect(accepted).toBeGreaterThan(0); // it did try the stub
      // Nothing was written to PostgreSQL: no event store, no read models, no migrations.
      const client = new pg.Client({ connectionString: db.connectionString });
      await client.connect();
      const { rows } = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    },
    60_000,
  );

  it('prints the URL without its user and password', () => {
    expect(redactUrl('esdb://admin:changeit@es1:2113,es2:2113?tls=true')).toBe('esdb://es1:2113,es2:2113?tls=true');
    expect(redactUrl('esdb+discover://cluster.local:2113')).toBe('esdb+discover://cluster.local:2113');
  });
});
