import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import knex from 'knex';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedTestDatabase, type TestDatabase } from '../../../test-support/platform/databases';
import { createLogger } from '../logger';
import { migrateFollowerCheckpoints } from '../event-store/checkpointed-follower';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres/adapter';
import { makeBackup } from './backup';
import { BackupFormatError } from './format';
import { RestoreRefused, restoreBackup } from './restore';
import { backupStatus, listBackups, startBackupSchedule } from './schedule';

/** A log with the follower checkpoints' table and one plain table of awkward values. */
async function logDatabase(): Promise<{ db: TestDatabase; sql: pg.Pool }> {
  const db = await createEmbeddedTestDatabase();
  const sql = new pg.Pool({ connectionString: db.connectionString, max: 2 });
  await migrateEventStore(sql);
  const k = knex({ client: 'pg', connection: db.connectionString });
  await migrateFollowerCheckpoints(k);
  await k.destroy();
  await sql.query('create table notes (id int primary key, body text, raw bytea, at timestamptz, tags text[], doc jsonb)');
  return { db, sql };
}

const events = (sql: pg.Pool) =>
  sql
    .query<{ tx: string; pos: string; stream_id: string; stream_revision: string; event_id: string; data: unknown; created_at: string }>(
      `select transaction_id::text as tx, global_position::text as pos, stream_id, stream_revision::text, event_id::text, data, created_at::text
       from es_events order by transaction_id, global_position`,
    )
    .then((r) => r.rows);

describe('backup and restore of the log and plain tables', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'verba-backup-'));
  let source: Awaited<ReturnType<typeof logDatabase>>;
  const file = path.join(work, 'b.backup.gz');
  const sourceDir = path.join(work, 'source');
  const cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    source = await logDatabase();
    cleanup.push(async () => {
      await source.sql.end();
      await source.db.drop();
    });
    const store = createPostgresEventStore({ connectionString: source.db.connectionString, namedStatements: false });
    for (let i = 0; i < 5; i++) {
      await store.append(
        'a-1',
        [{ id: randomUUID(), type: 'Said', version: 1, data: { i, text: 'Grüße, ёж' } }],
        i === 0 ? 'no_stream' : BigInt(i - 1),
      );
      await store.append(`b-${i}`, [{ id: randomUUID(), type: 'Made', version: 1, data: { i } }], 'no_stream');
    }
    await store.close();
    const log = await events(source.sql);
    // The relay has published the first four events.
    await source.sql.query(`insert into relay_checkpoints (name, commit_position, prepare_position) values ('integration', $1, $2)`, [
      log[3]!.tx,
      log[3]!.pos,
    ]);
    await source.sql.query(
      `insert into notes values (1, 'a "quoted" line\nand a tab\t', '\\x00ff10', '2026-12-07 10:11:12.123456+00', '{x,"y z"}', '{"n": 1.5, "s": "ß"}'),
                                (2, null, null, null, null, null)`,
    );
    mkdirSync(path.join(sourceDir, 'images', 'ab'), { recursive: true });
    writeFileSync(path.join(sourceDir, 'secret-key'), 'c2VjcmV0');
    writeFileSync(path.join(sourceDir, 'images', 'ab', 'x.webp'), Buffer.alloc(100_000, 7));
    writeFileSync(path.join(sourceDir, 'images', 'ab', 'y.webp.123.456.tmp'), 'half written');
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    rmSync(work, { recursive: true, force: true });
  });

  async function target(): Promise<{ db: TestDatabase; sql: pg.Pool; dir: string }> {
    const t = await logDatabase();
    cleanup.push(async () => {
      await t.sql.end();
      await t.db.drop();
    });
    return { ...t, dir: mkdtempSync(path.join(work, 'target-')) };
  }

  it('restores the same log in the same order, checkpoints on the same events, rows and files exactly', async () => {
    const made = await makeBackup(
      { connectionString: source.db.connectionString, embedded: true, dataDir: sourceDir, mediaInDataDir: true },
      file,
    );
    expect(made.rows).toMatchObject({ es_events: 10, es_streams: 6, relay_checkpoints: 1, notes: 2 });
    expect(made.files).toBe(2); // the secret and the image; never a temporary

    const t = await target();
    const result = await restoreBackup(file, { connectionString: t.db.connectionString, dataDir: t.dir });
    expect(result.rows.es_events).toBe(10);
    const before = await events(source.sql);
    const after = await events(t.sql);
    const strip = (rows: typeof before) => rows.map((e) => ({ ...e, tx: undefined, pos: undefined }));
    expect(strip(after)).toEqual(strip(before));
    expect(after.map((e) => `${e.tx}.${e.pos}`)).toEqual(after.map((_, i) => `3.${i + 1}`));

    const checkpoint = (await t.sql.query('select commit_position::text as tx, prepare_position::text as pos from relay_checkpoints'))
      .rows[0];
    expect(checkpoint).toEqual({ tx: '3', pos: '4' }); // the fourth event, as in the source
    const revisions = (await t.sql.query('select stream_id, revision::int from es_streams order by 1')).rows;
    expect(revisions).toEqual((await source.sql.query('select stream_id, revision::int from es_streams order by 1')).rows);
    expect((await t.sql.query('select id from es_log')).rows).toEqual((await source.sql.query('select id from es_log')).rows);
    const notes = 'select row_to_json(n)::text as j from notes n order by id';
    expect((await t.sql.query(notes)).rows).toEqual((await source.sql.query(notes)).rows);
    expect(readFileSync(path.join(t.dir, 'images', 'ab', 'x.webp'))).toEqual(Buffer.alloc(100_000, 7));
    expect(readFileSync(path.join(t.dir, 'secret-key'), 'utf8')).toBe('c2VjcmV0');

    // Appends after the restore come after the restored log (a new transaction id), in the stream's order.
    const store = createPostgresEventStore({ connectionString: t.db.connectionString, namedStatements: false });
    await store.append('a-1', [{ id: randomUUID(), type: 'Said', version: 1, data: { i: 5 } }], 4n);
    await store.close();
    const appended = (await events(t.sql)).at(-1)!;
    expect([appended.stream_id, appended.stream_revision, BigInt(appended.tx) > 3n]).toEqual(['a-1', '5', true]);

    await expect(restoreBackup(file, { connectionString: t.db.connectionString, dataDir: t.dir })).rejects.toThrow(
      /already holds a log .*Restore only into an empty database/,
    );
  });

  /** A backup file changed by `edit` on its lines. */
  function edited(edit: (lines: string[]) => string[]): string {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const out = path.join(work, `${randomUUID()}.gz`);
    writeFileSync(out, gzipSync(`${edit(lines).join('\n')}\n`));
    return out;
  }

  it('refuses bad files with a clear message and restores nothing', async () => {
    const t = await target();
    const into = { connectionString: t.db.connectionString, dataDir: t.dir };
    const notGzip = path.join(work, 'plain.txt');
    writeFileSync(notGzip, 'hello');
    const cases: [string, RegExp][] = [
      [notGzip, /is not a Verba backup \(not a gzip file\)/],
      [edited(() => ['{"format":"something-else"}']), /is not a Verba backup$/],
      [edited((l) => [l[0]!.replace('"version":1', '"version":9'), ...l.slice(1)]), /a backup of format 9; this Verba reads format 1/],
      [edited((l) => l.slice(0, -1)), /is cut short: it has no end record, so it is not restored/],
      [edited((l) => l.filter((x) => !x.includes('"bytes"')).slice(0)), /is cut short in the backup|lists 2 files/],
      [edited((l) => l.map((x) => x.replace('images/ab/x.webp', '../../etc/x.webp'))), /names a file outside the data directory/],
      [edited((l) => l.map((x) => x.replace('{"table":"notes"', '{"table":"no_such_table"'))), /which this Verba does not have/],
      [edited((l) => l.map((x) => x.replace('"es_events":10', '"es_events":11'))), /es_events: the backup lists 11 rows but holds 10/],
    ];
    for (const [bad, message] of cases) {
      await expect(restoreBackup(bad, into), bad).rejects.toThrow(message);
      expect((await t.sql.query('select count(*)::int as n from es_events')).rows[0].n).toBe(0);
      expect((await t.sql.query('select count(*)::int as n from notes')).rows[0].n).toBe(0);
    }
    // Another installation's secret in the data directory: refused, as mixing keys would break every look-up.
    await expect(restoreBackup(file, { ...into, existingSecret: 'b3RoZXI=' })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(file, { ...into, existingSecret: 'b3RoZXI=' })).rejects.toThrow(/holds another installation's secret/);
    expect((await t.sql.query('select count(*)::int as n from es_events')).rows[0].n).toBe(0);
    await expect(
      restoreBackup(
        edited((l) => l.slice(0, -1)),
        into,
      ),
    ).rejects.toBeInstanceOf(BackupFormatError);
  });

  it('keeps the newest backups, says when the last attempt failed, and clears that on success', async () => {
    const dir = path.join(work, 'auto');
    /** One turn of a schedule (keep 2) backing up `connectionString`. */
    const turn = async (connectionString: string) => {
      const schedule = startBackupSchedule({
        source: { connectionString, embedded: true, dataDir: sourceDir, mediaInDataDir: false },
        dir,
        keep: 2,
        everyMs: 86_400_000,
        log: createLogger('silent'),
      });
      await schedule.runNow();
      await schedule.stop();
    };
    for (let i = 0; i < 3; i++) await turn(source.db.connectionString);
    const kept = listBackups(dir);
    expect(kept).toHaveLength(2);
    expect(backupStatus(dir)).toMatchObject({ count: 2, last: { file: kept[0]!.file } });

    await turn('postgres://postgres@127.0.0.1:1/none');
    expect(backupStatus(dir)).toMatchObject({ count: 2, failure: { message: expect.stringMatching(/ECONNREFUSED/) } });
    expect(listBackups(dir).map((b) => b.file)).toEqual(kept.map((b) => b.file)); // a failure removes nothing

    await turn(source.db.connectionString);
    expect(backupStatus(dir).failure).toBeUndefined();
  });
});
