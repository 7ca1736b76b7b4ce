import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS_MESSAGES, type OperationsOverview } from '@verba/contracts';
import type { NewEvent } from '../../platform/event-store/port';
import { publishFragment, rollbackFragment } from '../../platform/fragments/registry';
import { directoryStore } from '../../platform/fragments/store';
import type { Module } from '../../platform/module';
import type { Projection } from '../../platform/projections/projection';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { tallyProjection } from '../../../test-support/platform/tally-projection';
import { createTestApp, type TestApp } from '../../../test-support/platform/test-app';
import { nameTestUser, testAuthModule, testUserCookies } from '../../../test-support/platform/test-auth';
import { operationsModule, rebuildsOf } from './module';
import { startBackupSchedule } from '../../platform/backup/schedule';
import { createLogger } from '../../platform/logger';

const database = await preferredTestDatabase();
const ev = (type: string): NewEvent => ({ id: randomUUID(), type, version: 1, data: {} });

/** Lets a rebuild begin only when the test opens it (so it is seen running); open until closed. */
function rebuildGate() {
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    wait: () => gate,
    close: () => (gate = new Promise((resolve) => (open = resolve))),
    open: () => open(),
  };
}

/** A tally that fails on `test.Boom` while `failing` is set. */
function fragileProjection() {
  const state = { failing: false };
  const tally = tallyProjection({ name: 'fragile', keepOrder: false });
  const projection: Projection = {
    ...tally,
    async apply(events, ctx) {
      if (state.failing && events.some((e) => e.type === 'test.Boom')) throw new Error('the fragile read model refused a Boom');
      await tally.apply(events, ctx);
    },
  };
  return { projection, state };
}

describe(`the admin operations routes on ${database.label}`, () => {
  const gated = rebuildGate();
  const fragile = fragileProjection();
  const readModels: Module = {
    name: 'test-read-models',
    projections: [
      tallyProjection({ name: 'tally' }),
      tallyProjection({ name: 'gated', keepOrder: false }),
      fragile.projection,
      { ...tallyProjection({ name: 'picky', keepOrder: false }), eventTypes: ['test.Picked'] },
    ],
  };
  const fragmentStore = mkdtempSync(path.join(tmpdir(), 'verba-operations-fragments-'));
  const backupDir = mkdtempSync(path.join(tmpdir(), 'verba-operations-backups-'));
  const adminId = randomUUID();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthModule, readModels, operationsModule], {
      env: { FRAGMENT_STORE_DIR: fragmentStore, FRAGMENT_ENV: 'staging', BACKUP_DIR: backupDir, BACKUP_EVERY: '12h', BACKUP_KEEP: '5' },
    });
    nameTestUser(adminId, 'Ada Admin');
    // Before its first transaction: PGlite has one connection, which a transaction held open would take from every read.
    const rebuild = t.deps.operations.rebuild;
    t.deps.operations.rebuild = async (name, onProgress) => {
      await gated.wait();
      return rebuild(name, onProgress);
    };
    for (let i = 0; i < 30; i++) await t.deps.store.append(`test-${i % 3}`, [ev('test.Counted')], 'any');
    await t.caughtUp();
  });
  afterAll(async () => {
    gated.open();
    await rebuildsOf.of(t.deps).settled();
    await t?.close();
    rmSync(fragmentStore, { recursive: true, force: true });
    rmSync(backupDir, { recursive: true, force: true });
  });

  const admin = () => t.agent().setCookies(testUserCookies(adminId, 'Admin'));
  const overview = async (): Promise<OperationsOverview> => {
    const res = await admin().request({ method: 'GET', url: '/api/admin/operations' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const projection = (o: OperationsOverview, name: string) => o.projections.find((p) => p.name === name)!;
  const rebuild = (name: string) =>
    admin().request({ method: 'POST', url: '/api/admin/operations/rebuilds', payload: { projection: name } });

  it('is for admins only: 401 signed out, 403 for learners', async () => {
    for (const call of [
      { method: 'GET' as const, url: '/api/admin/operations' },
      { method: 'POST' as const, url: '/api/admin/operations/rebuilds', payload: { projection: 'tally' } },
    ]) {
      expect((await t.agent().request(call)).statusCode).toBe(401);
      expect((await t.agent().setCookies(testUserCookies(randomUUID(), 'User')).request(call)).statusCode).toBe(403);
    }
  });

  it('shows each projection caught up once it applied the log, the log, the relay, the pool and no backups', async () => {
    await expect
      .poll(async () => projection(await overview(), 'tally'), { timeout: 10_000 })
      .toMatchObject({ state: 'caught-up', lagEvents: 0, lagCapped: false, lagSeconds: 0, generation: 1, lastError: null });
    const o = await overview();
    expect(o.store).toBe('postgres');
    expect(o.projections.map((p) => p.name)).toEqual(['fragile', 'gated', 'picky', 'tally']);
    expect(o.log.events).toBeGreaterThanOrEqual(30);
    expect(o.log.bytes).toBeGreaterThan(0);
    expect(o.log.databaseBytes).toBeGreaterThan(o.log.bytes!);
    expect(o.followers.find((f) => f.name === 'integration')).toMatchObject({ kind: 'relay' });
    expect(o.workerPool).toEqual({ jobsInHand: 0 });
    expect(o.backups).toEqual({ automatic: true, every: '12h', keep: 5, count: 0, last: null, failure: null });
  });

  it('shows the last backup made into BACKUP_DIR', async () => {
    const schedule = startBackupSchedule({
      source: { connectionString: t.platform.database.connectionString, embedded: false, dataDir: backupDir, mediaInDataDir: false },
      dir: backupDir,
      keep: 5,
      everyMs: 43_200_000,
      log: createLogger('silent'),
    });
    await schedule.runNow();
    await schedule.stop();
    const { backups } = await overview();
    expect(backups).toMatchObject({
      automatic: true,
      count: 1,
      failure: null,
      last: { name: expect.stringMatching(/^verba-\d{8}T\d{9}Z\.backup\.gz$/) },
    });
    expect(backups.last!.bytes).toBeGreaterThan(100);
  });

  it("counts as a projection's lag only the events of its types: one that skips the rest is caught up", async () => {
    await t.platform.store.append(`picked-${randomUUID()}`, [ev('test.Picked')], 'no_stream');
    await t.caughtUp();
    // Events it does not apply: its stored checkpoint need not move for them (it moves with its own events).
    await t.platform.store.append(
      `other-${randomUUID()}`,
      Array.from({ length: 5 }, () => ev('test.Other')),
      'no_stream',
    );
    await t.caughtUp();
    expect(projection(await overview(), 'picky')).toMatchObject({ state: 'caught-up', lagEvents: 0, lagSeconds: 0 });
  });

  it('counts what a projection has not applied yet, and its wait', async () => {
    // A reactor whose checkpoint is still at the start of the log: every event is its lag.
    await t.platform.db('relay_checkpoints').insert({ name: 'reactor:test-behind', commit_position: 0, prepare_position: 0 });
    const behind = (await overview()).followers.find((f) => f.name === 'reactor:test-behind')!;
    expect(behind).toMatchObject({ kind: 'reactor', position: '0.0', lagCapped: false });
    expect(behind.lagEvents).toBeGreaterThanOrEqual(30);
    expect(behind.lagSeconds).toBeGreaterThanOrEqual(0);
  });

  it("records a projection's failure, shows it failing, and keeps the last error once it recovered", async () => {
    fragile.state.failing = true;
    await t.deps.store.append('test-boom', [ev('test.Boom')], 'any');
    await expect.poll(async () => projection(await overview(), 'fragile').state, { timeout: 10_000 }).toBe('failing');
    expect(projection(await overview(), 'fragile').lastError?.message).toBe('the fragile read model refused a Boom');
    expect(projection(await overview(), 'tally').state).not.toBe('failing');
    fragile.state.failing = false;
    await expect.poll(async () => projection(await overview(), 'fragile').state, { timeout: 15_000 }).toBe('caught-up');
    expect(projection(await overview(), 'fragile').lastError?.message).toBe('the fragile read model refused a Boom');
  });

  it('rebuilds a projection from the page: 202 with its id, 409 for a second while it runs, progress to done', async () => {
    gated.close();
    const started = await rebuild('gated');
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json() as { id: string };

    const again = await rebuild('gated');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OPERATIONS_MESSAGES.alreadyRebuilding);

    const running = await overview();
    expect(projection(running, 'gated').state).toBe('rebuilding');
    const head = Number(running.log.head.split('.')[1]);
    expect(running.rebuilds[0]).toMatchObject({
      id,
      projection: 'gated',
      state: 'running',
      finishedAt: null,
      error: null,
      by: { id: adminId, name: 'Ada Admin' },
    });
    expect(running.rebuilds[0]!.total).toBeGreaterThanOrEqual(31);
    expect(running.rebuilds[0]!.total).toBeLessThanOrEqual(head);

    gated.open();
    await expect.poll(async () => (await overview()).rebuilds[0]?.state, { timeout: 15_000 }).toBe('done');
    const done = await overview();
    expect(done.rebuilds[0]!.applied).toBeGreaterThanOrEqual(done.rebuilds[0]!.total!);
    expect(done.rebuilds[0]!.finishedAt).not.toBeNull();
    await expect
      .poll(async () => projection(await overview(), 'gated'), { timeout: 10_000 })
      .toMatchObject({ generation: 2, state: 'caught-up' });
    // The rebuilt read model holds what the live one did.
    const counted = await t.platform.db('gated_streams').sum({ n: 'events' }).first();
    expect(Number(counted?.n)).toBeGreaterThanOrEqual(31);

    // Another one may start now that it finished.
    const next = await rebuild('gated');
    expect(next.statusCode).toBe(202);
    await rebuildsOf.of(t.deps).settled();
  });

  it('refuses a projection that does not exist with 404', async () => {
    const res = await rebuild('no-such-projection');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(OPERATIONS_MESSAGES.unknownProjection);
  });

  it("shows each environment's published fragments, with the versions a rollback goes back to", async () => {
    expect((await overview()).fragments).toEqual([{ env: 'staging', served: true, fragments: [] }]);
    // An unreadable pointer leaves the rest of the page (and the other environments) readable.
    mkdirSync(path.join(fragmentStore, 'registry'), { recursive: true });
    writeFileSync(path.join(fragmentStore, 'registry', 'broken.json'), '{ not json');
    const store = directoryStore(fragmentStore);
    const dist = mkdtempSync(path.join(tmpdir(), 'verba-operations-dist-'));
    const build = (n: number) => {
      mkdirSync(dist, { recursive: true });
      writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ build: n }));
    };
    try {
      build(1);
      const first = await publishFragment(store, { name: 'reader', env: 'production', dist, now: new Date('2026-12-01T10:00:00Z') });
      build(2);
      const second = await publishFragment(store, { name: 'reader', env: 'production', dist, now: new Date('2026-12-02T10:00:00Z') });
      let o = await overview();
      expect(o.fragments).toEqual([
        {
          env: 'production',
          served: false,
          fragments: [{ name: 'reader', version: second.version, since: '2026-12-02T10:00:00.000Z', earlier: [first.version] }],
        },
        { env: 'staging', served: true, fragments: [] },
      ]);
      await rollbackFragment(store, { name: 'reader', env: 'production', now: new Date('2026-12-03T10:00:00Z') });
      o = await overview();
      expect(o.fragments[0]!.fragments).toEqual([
        { name: 'reader', version: first.version, since: '2026-12-03T10:00:00.000Z', earlier: [] },
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
