import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

const query = async (connectionString: string, sql: string) => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
};

describe('embedded PostgreSQL in a data directory', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'verba-embedded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates a new directory, keeps what was written across a restart, and runs with the small memory settings', async () => {
    const dataDir = path.join(dir, 'pgdata');
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      await query(first.connectionString, "create table kept (v text); insert into kept values ('still here')");
    } finally {
      await first.close();
    }
    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query(second.connectionString, 'select v from kept')).toEqual([{ v: 'still here' }]);
      expect(await query(second.connectionString, 'show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await second.close();
    }
  }, 120_000);
});
