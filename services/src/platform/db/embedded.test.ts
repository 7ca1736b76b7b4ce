import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePgliteTemplate, pgliteTemplateDir, startEmbeddedPostgres } from './embedded';

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
    // No template yet: initdb makes one, and the new directory is a copy of it.
    const template = path.join(dir, 'template');
    const first = await startEmbeddedPostgres({ dataDir, template });
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
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
    // Another new directory is copied from the template, which the first one's writes never touched.
    const other = path.join(dir, 'other', 'pgdata');
    expect((await ensurePgliteTemplate(template)).created).toBe(false);
    const third = await startEmbeddedPostgres({ dataDir: other, template });
    try {
      expect(await query(third.connectionString, "select to_regclass('kept') as t")).toEqual([{ t: null }]);
    } finally {
      await third.close();
    }
    expect(readdirSync(dir).sort()).toEqual(['other', 'pgdata', 'template']); // no side folders left
    expect(readdirSync(path.join(dir, 'other'))).toEqual(['pgdata']);
  }, 120_000);

  it('fills an empty folder from the template, and keeps the machine template next to PGlite', async () => {
    const template = path.join(dir, 'template');
    await ensurePgliteTemplate(template); // made by the test above (here when this test runs alone)
    const dataDir = path.join(dir, 'empty');
    mkdirSync(dataDir);
    const db = await startEmbeddedPostgres({ dataDir, template });
    try {
      expect(await query(db.connectionString, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(pgliteTemplateDir()).toMatch(/node_modules[/\\].cache[/\\]verba[/\\]pglite-\d+\.\d+\.\d+-[0-9a-f]{8}$/);
  }, 120_000);
});
