/**
 * Checkpoints know their log (issue 43, item 4), on PostgreSQL: a deployment's log is switched under its
 * read models and followers. Started again, projector and follower refuse, naming both logs and the
 * command that rebuilds; told to adopt the new log, the read models are rebuilt from it alone and the
 * follower goes on from its head.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealTestDatabase, probeRealPostgres, type TestDatabase } from '../../../test-support/platform/databases';
import { tallyProjection } from '../../../test-support/platform/tally-projection';
import { ProjectionRunner } from '../projections/runner';
import { CheckpointedFollower, followersAdoptLog } from './checkpointed-follower';
import { LogSwitchedError } from './log-identity';
import type { PostgresEventStore } from './postgres/adapter';
import { openLogDatabase } from '../../../test-support/platform/log-database';
import type { NewEvent, RecordedEvent } from './port';
import { runCommand, runToEnd, startRole } from '../../../test-support/platform/role-process';

const real = await probeRealPostgres();
const ev = (type: string): NewEvent => ({ id: randomUUID(), type, version: 1, data: {} });

describe.skipIf(!real.available)(`checkpoints know their log, on PostgreSQL ${real.skipReason}`, () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let knex: Knex;
  let close: () => Promise<void>;
  const tally = tallyProjection({ name: 'logtally', keepOrder: false });
  const counts = () => knex('logtally_streams').select('stream_id', 'events').orderBy('stream_id');

  beforeAll(async () => {
    ({ db, store, knex, close } = await openLogDatabase(createRealTestDatabase));
  });
  afterAll(async () => close?.());

  function follower(seen: RecordedEvent[], adoptNewLog = false) {
    return new CheckpointedFollower({ name: 'reactor:log-test', store, db: knex, adoptNewLog, handle: async (b) => void seen.push(...b) });
  }

  it('refuses to resume on another log, and adopts it when told to', async () => {
    const oldLog = await store.logId();
    const seen: RecordedEvent[] = [];
    const runner = new ProjectionRunner({ store, db: knex, projections: [tally] });
    await runner.start();
    const reactor = follower(seen);
    await reactor.start();
    for (let i = 0; i < 5; i++) await store.append(`old-${i}`, [ev('Old')], 'no_stream');
    const last = await store.append('old-last', [ev('Old')], 'no_stream');
    expect(await runner.waitFor(last.position, { timeoutMs: 5000 })).toBe(true);
    expect(await reactor.waitFor(last.position, 5000)).toBe(true);
    await runner.stop();
    await reactor.stop();
    expect((await knex('projection_checkpoints').where({ name: 'logtally' }).first()).log_id).toBe(oldLog);
    expect((await knex('relay_checkpoints').where({ name: 'reactor:log-test' }).first()).log_id).toBe(oldLog);

    // The log is switched under them: another log, with fewer events (positions the old checkpoints are past).
    await knex.raw('truncate es_events, es_streams');
    await knex.raw('update es_log set id = gen_random_uuid()');
    const newLog = await store.logId();
    expect(newLog).not.toBe(oldLog);
    await store.append('new-a', [ev('New'), ev('New')], 'no_stream');

    const refused = new ProjectionRunner({ store, db: knex, projections: [tally] });
    const error = await refused.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LogSwitchedError);
    expect((error as Error).message).toContain(`followed log ${oldLog}, but the event store holds log ${newLog}`);
    expect((error as Error).message).toContain('`npm run cli -w services -- rebuild --all`');
    expect((error as Error).message).toContain('REBUILD_ON_NEW_LOG=true');
    await expect(follower([]).start()).rejects.toThrow(`The reactor:log-test checkpoint followed log ${oldLog}`);
    expect(await counts()).toHaveLength(6); // nothing changed: still the old log's read model

    // Told to adopt the new log: the read model is rebuilt from it alone, the follower goes on from its head.
    const adopting = new ProjectionRunner({ store, db: knex, projections: [tally], adoptNewLog: true });
    await adopting.start();
    const after = await store.append('new-b', [ev('New')], 'no_stream');
    expect(await adopting.waitFor(after.position, { timeoutMs: 5000 })).toBe(true);
    expect(await counts()).toEqual([
      { stream_id: 'new-a', events: 2 },
      { stream_id: 'new-b', events: 1 },
    ]);
    await adopting.stop();
    expect((await knex('projection_checkpoints').where({ name: 'logtally' }).select('log_id')).map((r) => r.log_id)).toEqual([newLog]);

    const newSeen: RecordedEvent[] = [];
    const adopted = follower(newSeen, true);
    await adopted.start();
    const later = await store.append('new-c', [ev('New')], 'no_stream');
    expect(await adopted.waitFor(later.position, 5000)).toBe(true);
    await adopted.stop();
    expect(newSeen.map((e) => e.streamId)).toEqual(['new-c']); // not the new log's history: no mail sent twice
  });

  it('a relay process on another log stops with the message alone; `rebuild --all` lets it start', async () => {
    const env = { DATABASE_URL: db.connectionString, SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789' };
    await runCommand('migrate', env);
    const foreign = randomUUID();
    await knex('relay_checkpoints').insert({ name: 'integration', commit_position: 5, prepare_position: 5, log_id: foreign });
    const refused = await runToEnd('relay', { ...env, PORT: '0' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `The integration checkpoint followed log ${foreign}, but the event store holds log ${await store.logId()}`,
    );
    expect(refused.output).not.toMatch(/\n\s+at /); // no stack trace
    expect(await runToEnd('rebuild', env)).toMatchObject({ code: 2, output: expect.stringContaining('rebuild needs --all or one of:') });
    const rebuilt = await runCommand('rebuild', env, ['--all']);
    expect(rebuilt).toContain(`moved to the head of log ${await store.logId()}: integration`);
    expect(rebuilt).toMatch(/rebuilt \d+ read models in \d+ ms/);
    const relay = await startRole('relay', env);
    await relay.stop();
  }, 120_000);

  it('claims checkpoints made before logs had identities, and `rebuild --all` moves followers to the log', async () => {
    await knex('projection_checkpoints').update({ log_id: null });
    await knex('relay_checkpoints').update({ log_id: null });
    const runner = new ProjectionRunner({ store, db: knex, projections: [tally] });
    await runner.start();
    await runner.stop();
    const logId = await store.logId();
    expect((await knex('projection_checkpoints').where({ name: 'logtally' }).first()).log_id).toBe(logId);

    await knex('relay_checkpoints').update({ log_id: randomUUID(), commit_position: 999_999, prepare_position: 999_999 });
    expect(await followersAdoptLog(knex, store)).toContain('reactor:log-test');
    const head = await store.headPosition();
    expect(await knex('relay_checkpoints').where({ name: 'reactor:log-test' }).first()).toMatchObject({
      log_id: logId,
      commit_position: String(head.transaction),
      prepare_position: String(head.sequence),
    });
  });
});
