import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { CheckpointedFollower } from './checkpointed-follower';
import type { PostgresEventStore } from './postgres/adapter';
import { openLogDatabase } from '../../../test-support/platform/log-database';
import type { EventStore, NewEvent, RecordedEvent } from './port';
import { SharedLogReader } from './shared-log-reader';

const engine = await preferredTestDatabase();
const ev = (tag: string, n: number): NewEvent => ({ id: randomUUID(), type: `${tag}.E`, version: 1, data: { n } });

describe(`followers sharing one log reader (${engine.label})`, () => {
  let store: PostgresEventStore;
  let knex: Knex;

  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, knex, close } = await openLogDatabase(() => engine.create()));
  });
  afterAll(async () => close?.());

  it('reads each event once for all of them; each handles every event once, in order, from its own checkpoint', async () => {
    const tag = `f${randomUUID().slice(0, 8)}`;
    let reads = 0;
    const counting: EventStore = { ...store, readAll: (o) => (reads++, store.readAll(o)), subscribeToAll: store.subscribeToAll };
    // The hub subscribes through the store's own polling, so count rows it hands out instead of calls.
    let delivered = 0;
    const reader = new SharedLogReader(
      { ...counting, subscribeToAll: (o, h) => store.subscribeToAll(o, (b) => ((delivered += b.length), h(b))) },
      100,
    );
    const seen: Record<string, number[]> = { a: [], b: [] };
    let failOnce = true;
    const follower = (name: 'a' | 'b') =>
      new CheckpointedFollower({
        name: `${tag}-${name}`,
        store: counting,
        db: knex,
        reader,
        retryDelayMs: 5,
        handle: async (batch: RecordedEvent[]) => {
          const mine = batch.filter((e) => e.type === `${tag}.E`).map((e) => (e.data as { n: number }).n);
          // b fails its first batch: it retries from its checkpoint on its own while a goes on.
          if (name === 'b' && failOnce && mine.length) {
            failOnce = false;
            throw new Error('b is down for a moment');
          }
          seen[name]!.push(...mine);
        },
      });
    const [a, b] = [follower('a'), follower('b')];
    await a.start();
    await b.start();
    let last;
    for (let n = 0; n < 30; n++) last = await store.append(`${tag}-${n % 3}`, [ev(tag, n)], 'any');
    expect(await a.waitFor(last!.position, 10_000)).toBe(true);
    expect(await b.waitFor(last!.position, 10_000)).toBe(true);
    await a.stop();
    await b.stop();

    const all = Array.from({ length: 30 }, (_, n) => n);
    expect(seen.a).toEqual(all);
    expect(seen.b).toEqual(all);
    // The shared hub read the 30 events once for both (b's retry read on its own, through `counting`).
    expect(delivered).toBeGreaterThanOrEqual(30);
    expect(delivered).toBeLessThan(60);
    expect(reads).toBeGreaterThan(0);
  });
});
