import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@verba/contracts';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '../../../platform/event-store/postgres/adapter';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import type { TestDatabase } from '../../../../test-support/platform/databases';
import { usageStream } from '../events';
import { TtsUsage } from './usage';

const database = await preferredTestDatabase();

describe(`the monthly TTS counter with two API processes on ${database.label}`, () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const now = () => new Date('2026-07-15T12:00:00.000Z');
  beforeAll(async () => {
    db = await database.create();
    store = createPostgresEventStore({ connectionString: db.connectionString, poolSize: 8 });
    await migrateEventStore(store.pool);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it('counts exactly 50 of 80 parallel calls spread over two processes, without gaps or doubles', async () => {
    // Two instances share nothing but the store, like two API processes: their appends really conflict.
    const processes = [new TtsUsage(store, now), new TtsUsage(store, now)];
    const userId = randomUUID();
    const outcomes = await Promise.allSettled(Array.from({ length: 80 }, (_, i) => processes[i % 2]!.count(userId, 'free', 'Hans')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(50);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refusals).toHaveLength(30);
    expect(new Set(refusals.map((r) => (r.reason as Error).message))).toEqual(new Set([MESSAGES.tts.monthlyLimitReached]));

    const events = await store.readStream(usageStream(userId, '2026-07'));
    expect(events.map((e) => e.data.callsThisMonth)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await processes[0]!.allowance(userId, 'free')).toEqual({ month: '2026-07', used: 50, limit: 50, remaining: 0, allowed: false });
  });
});
