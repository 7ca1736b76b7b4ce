import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIntegrationEvent, schemaFileName } from '@verba/contracts/integration';
import { loadConfig } from '../platform/config';
import { createKnex } from '../platform/db/knex';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../platform/event-store/postgres/adapter';
import { createKafkaPublisher } from '../platform/integration/kafka';
import { IntegrationRelay, migrateRelay } from '../platform/integration/relay';
import { createLogger } from '../platform/logger';
import { asOfTables } from '../platform/projections/as-of';
import { AnalyticsQueries } from '../contexts/analytics/queries';
import { History, untilReadable, uuidOf } from '../../test-support/analytics-history';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../test-support/platform/databases';
import { probeKcat, startMockKafka, type MockKafka } from '../../test-support/platform/kafka-mock';
import { runCli } from './cli';
import { schemasDir } from './integration-schemas';
import { allModules } from './modules';

/** The analysts' commands end to end: export read back by DuckDB, as-of rebuild, replay and the relay read by kcat. */
const pgProbe = await probeRealPostgres();
const kcat = probeKcat();
const ana = uuidOf(1);
const ben = uuidOf(2);

const history = () =>
  new History()
    .registered(ana, '2026-09-30T08:00:00Z')
    .onboarded(ana, 'de', '2026-09-30T08:01:00Z')
    .registered(ben, '2026-10-01T08:00:00Z')
    .onboarded(ben, 'fr', '2026-10-01T08:01:00Z')
    .read(ana, uuidOf(100), 'de', '2026-10-01T09:00:00Z')
    .time(ana, 'de', 600, '2026-10-01T09:10:00Z')
    .word(ana, 'de', 'Haus', 'known', '2026-10-01T09:11:00Z')
    .review(ana, uuidOf(300), 'de', '2026-10-01T09:12:00Z')
    .chapter(ana, uuidOf(200), '2026-10-01T09:13:00Z')
    .subscription(ana, 'Started', 'active', '2026-10-01T09:14:00Z')
    .read(ben, uuidOf(101), 'fr', '2026-10-02T09:00:00Z')
    .read(ana, uuidOf(101), 'de', '2026-10-03T09:00:00Z')
    .deleted(ben, '2026-10-04T09:00:00Z');

describe.skipIf(!pgProbe.available)('analyst commands: export, as-of rebuild, replay', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let dir: string;
  const env = () => ({
    DATABASE_URL: database.connectionString,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
  });
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    runCli(args[0]!, args.slice(1), loadConfig({ ...env(), ...extra }), createLogger('silent'), allModules);

  beforeAll(async () => {
    database = await createRealTestDatabase();
    store = createPostgresEventStore({ connectionString: database.connectionString });
    await migrateEventStore(store.pool);
    for (const { streamId, event } of history().appends) await store.append(streamId, [event], 'any');
    await untilReadable(store, history().appends.length);
    dir = mkdtempSync(path.join(tmpdir(), 'verba-analyst-'));
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function duck<T>(sql: string): Promise<T[]> {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(sql)).getRowObjectsJson() as T[];
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }

  it('export --format ndjson writes the integration events, filtered by dates and types, and DuckDB reads them', async () => {
    const file = path.join(dir, 'reads.ndjson');
    expect(
      await cli([
        'export',
        '--out',
        file,
        '--from',
        '2026-10-01',
        '--to',
        '2026-10-02',
        '--types',
        'verba.library.article-read,verba.identity.time-spent',
      ]),
    ).toBe(0);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => parseIntegrationEvent(l));
    expect(lines.map((e) => e.type)).toEqual(['verba.library.article-read', 'verba.identity.time-spent', 'verba.library.article-read']);
    const rows = await duck<{ type: string; n: string }>(
      `select type, count(*) as n from read_json_auto('${file}') group by type order by type`,
    );
    expect(rows).toEqual([
      { type: 'verba.identity.time-spent', n: '1' },
      { type: 'verba.library.article-read', n: '2' },
    ]);
  });

  it('export --format parquet: every fact of the log, readable by DuckDB with its JSON data', async () => {
    const file = path.join(dir, 'all.parquet');
    expect(await cli(['export', '--out', file, '--format', 'parquet'])).toBe(0);
    const rows = await duck<{ type: string; language: string | null }>(
      `select type, json_extract_string(data, '$.language') as language from read_parquet('${file}') order by occurredAt`,
    );
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual({ type: 'verba.identity.user-registered', language: null });
    expect(rows.filter((r) => r.type === 'verba.library.article-read').map((r) => r.language)).toEqual(['de', 'fr', 'de']);
    expect(rows.at(-1)?.type).toBe('verba.identity.user-deleted');
  });

  it('export refuses a bad bound or format with a message and exit code 2', async () => {
    expect(await cli(['export', '--out', path.join(dir, 'x'), '--from', 'yesterday'])).toBe(2);
    expect(await cli(['export', '--out', path.join(dir, 'x'), '--format', 'csv'])).toBe(2);
    expect(await cli(['replay'])).toBe(2);
  });

  it('rebuild analytics --as-of builds the figures of that day beside the live model', async () => {
    expect(await cli(['rebuild', 'analytics', '--as-of', '2026-10-02'])).toBe(0);
    expect(await cli(['rebuild', 'analytics', '--as-of', '2026-02-30'])).toBe(2);
    const db = createKnex(database.connectionString, { poolSize: 2 });
    try {
      const asOf = new AnalyticsQueries(db, asOfTables('2026-10-02'));
      const [de, fr] = await asOf.languages('2026-10-01', '2026-10-02');
      // Ben was not deleted yet on 2 October; Ana's read of 3 October had not happened.
      expect(de).toMatchObject({
        totalUsers: 1,
        totalPremiumUsers: 1,
        totalActiveUsers: 1,
        totalReads: 1,
        timeSpent: 600,
        totalChapters: 1,
      });
      expect(fr).toMatchObject({ totalUsers: 1, totalNewUsers: 1, totalReads: 1 });
    } finally {
      await db.destroy();
    }
  });

  describe.skipIf(!kcat.available)(`Kafka (librdkafka mock cluster), read by kcat ${kcat.skipReason}`, () => {
    let mock: MockKafka;
    const ajv = new Ajv2020({ strict: false });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const validate = (value: string) => {
      const e = JSON.parse(value) as { type: string; version: number };
      const schema = JSON.parse(readFileSync(`${schemasDir}${schemaFileName(e)}`, 'utf8')) as { $id: string };
      const check = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
      return check(e) ? true : JSON.stringify(check.errors);
    };
    /** Every message of a topic, as kcat reads it (not our own consumer). */
    const kcatRead = (topic: string) => {
      const r = spawnSync('kcat', ['-C', '-b', mock.mockAddress, '-t', topic, '-o', 'beginning', '-e', '-q', '-J'], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      return r.stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { key: string; payload: string });
    };

    beforeAll(async () => {
      mock = await startMockKafka();
    });
    afterAll(async () => {
      await mock?.stop();
    });

    it("the relay's topics carry every public fact, each message valid against its published JSON Schema", async () => {
      const db = createKnex(database.connectionString, { poolSize: 2 });
      const publisher = createKafkaPublisher({ brokers: mock.bootstrap, clientId: 'verba-relay-analyst-test' });
      await migrateRelay(db);
      const relay = new IntegrationRelay({
        store,
        db,
        publisher,
        mappers: Object.assign({}, ...allModules.map((m) => m.integration ?? {})),
      });
      try {
        await relay.start();
        expect(await relay.waitFor(await store.headPosition(), 20_000)).toBe(true);
      } finally {
        await relay.stop();
        await publisher.close();
        await db.destroy();
      }
      const topics = ['verba.identity', 'verba.library', 'verba.vocabulary', 'verba.learning', 'verba.practice', 'verba.billing'];
      const messages = topics.flatMap((topic) => kcatRead(topic));
      expect(messages).toHaveLength(13);
      for (const m of messages) expect(validate(m.payload)).toBe(true);
      expect(new Set(messages.map((m) => m.key))).toEqual(new Set([ana, ben]));
    });

    it('replay re-publishes the chosen facts to the chosen topic', async () => {
      expect(
        await cli(['replay', '--topic', 'analyst.reads', '--types', 'verba.library.article-read', '--from', '2026-10-02'], {
          KAFKA_BROKERS: mock.bootstrap,
        }),
      ).toBe(0);
      const messages = kcatRead('analyst.reads').map((m) => parseIntegrationEvent(m.payload));
      expect(messages.map((m) => [m.type, m.occurredAt])).toEqual([
        ['verba.library.article-read', '2026-10-02T09:00:00Z'],
        ['verba.library.article-read', '2026-10-03T09:00:00Z'],
      ]);
    });
  });
});
