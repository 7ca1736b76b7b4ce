import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLogUntil } from './whole-log';
import {
  START,
  comparePositions,
  isWrongExpectedVersion,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '../../src/platform/event-store/port';

/**
 * The behaviour every event store adapter must have. Run it once per adapter:
 * `runEventStoreContract('postgres on PGlite', async () => ({ store, cleanup }))`.
 * Tests share one store, so each uses its own stream names and filters the global log by them.
 */
export function runEventStoreContract(name: string, setup: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ store, cleanup } = await setup());
    }, 60_000);
    afterAll(async () => {
      await cleanup?.();
    });

    const stream = (label: string) => `${label}-${randomUUID()}`;
    const ev = (type: string, data: Record<string, unknown> = {}, version = 1): NewEvent => ({
      id: randomUUID(),
      type,
      version,
      data,
      metadata: { correlationId: 'corr-1', causationId: 'cause-1', userId: 'user-1' },
    });
    const mine = (events: RecordedEvent[], prefix: string) => events.filter((e) => e.streamId.startsWith(prefix));
    /** The global log once the events this test wrote are there (see readLogUntil). */
    const readMineUntil = (prefix: string, expected: number) => readLogUntil(store, (events) => mine(events, prefix).length >= expected);

    it('appends to a new stream and reads it back with every field', async () => {
      const s = stream('order');
      const events = [ev('Placed', { total: 12.5, items: ['a'] }), ev('Paid', { by: 'card' }, 2)];
      const result = await store.append(s, events, 'no_stream');
      expect(result.nextRevision).toBe(1n);

      const read = await store.readStream(s);
      expect(read.map((e) => [e.id, e.type, e.version, e.revision])).toEqual([
        [events[0]!.id, 'Placed', 1, 0n],
        [events[1]!.id, 'Paid', 2, 1n],
      ]);
      expect(read[0]!.data).toEqual({ total: 12.5, items: ['a'] });
      expect(read[0]!.metadata).toMatchObject({ correlationId: 'corr-1', causationId: 'cause-1', userId: 'user-1' });
      expect(read[0]!.streamId).toBe(s);
      expect(read[0]!.createdAt).toBeInstanceOf(Date);
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
      expect(comparePositions(read[0]!.position, read[1]!.position)).toBe(-1);
      expect(await store.streamRevision(s)).toBe(1n);
    });

    it('rejects no_stream on an existing stream and reports the actual revision', async () => {
      const s = stream('dup');
      await store.append(s, [ev('A')], 'no_stream');
      const err = await store.append(s, [ev('B')], 'no_stream').catch((e: unknown) => e);
      expect(isWrongExpectedVersion(err)).toBe(true);
      expect((err as { actual?: bigint }).actual).toBe(0n);
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it('appends at the exact revision and rejects a stale one without writing', async () => {
      const s = stream('exact');
      await store.append(s, [ev('A'), ev('B')], 'no_stream');
      const ok = await store.append(s, [ev('C')], 1n);
      expect(ok.nextRevision).toBe(2n);
      const stale = await store.append(s, [ev('D')], 1n).catch((e: unknown) => e);
      expect(isWrongExpectedVersion(stale)).toBe(true);
      expect((stale as { actual?: bigint }).actual).toBe(2n);
      const missing = await store.append(stream('none'), [ev('E')], 0n).catch((e: unknown) => e);
      expect(isWrongExpectedVersion(missing)).toBe(true);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('appends with any whether or not the stream exists', async () => {
      const s = stream('any');
      expect((await store.append(s, [ev('A')], 'any')).nextRevision).toBe(0n);
      expect((await store.append(s, [ev('B'), ev('C')], 'any')).nextRevision).toBe(2n);
    });

    it('appends the same event ids only once', async () => {
      const s = stream('idem');
      const events = [ev('A'), ev('B')];
      const first = await store.append(s, events, 'no_stream');
      const again = await store.append(s, events, 'no_stream');
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect(await store.readStream(s)).toHaveLength(2);
      const log = mine(await readMineUntil(s, 2), s);
      expect(log).toHaveLength(2);
    });

    it('reads a stream from a revision with a maximum count; a missing stream is empty', async () => {
      const s = stream('page');
      await store.append(
        s,
        Array.from({ length: 6 }, (_, i) => ev(`E${i}`)),
        'no_stream',
      );
      const page = await store.readStream(s, { fromRevision: 2n, maxCount: 3 });
      expect(page.map((e) => e.type)).toEqual(['E2', 'E3', 'E4']);
      expect(await store.readStream(stream('missing'))).toEqual([]);
      expect(await store.streamRevision(stream('missing'))).toBeUndefined();
    });

    it('reads the global log in append order, after a position, in batches', async () => {
      const prefix = `log-${randomUUID()}`;
      const appended: string[] = [];
      for (let i = 0; i < 5; i++) {
        const e = ev(`G${i}`);
        appended.push(e.id);
        await store.append(`${prefix}-${i % 2}`, [e], 'any');
      }
      const log = mine(await readMineUntil(prefix, 5), prefix);
      expect(log.map((e) => e.id)).toEqual(appended);

      const afterThird = await store.readAll({ after: log[2]!.position, maxCount: 2 });
      expect(afterThird.map((e) => e.id)).toEqual(appended.slice(3, 5));
      for (let i = 1; i < log.length; i++) expect(comparePositions(log[i - 1]!.position, log[i]!.position)).toBe(-1);
      expect(comparePositions(await store.headPosition(), log[4]!.position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(await store.tailPosition(), log[4]!.position)).toBeGreaterThanOrEqual(0);
    });

    it('names its log: one identity, the same at every call, never an event of the global log', async () => {
      const [a, b] = await Promise.all([store.logId(), store.logId()]);
      expect(a).toMatch(/^[0-9a-f-]{36}$/);
      expect(b).toBe(a);
      const prefix = `after-id-${randomUUID()}`;
      await store.append(`${prefix}-0`, [ev('AfterId')], 'no_stream');
      expect((await readLogUntil(store, (events) => mine(events, prefix).length >= 1)).some((e) => e.type === 'verba.LogIdentified')).toBe(
        false,
      );
      expect(await store.logId()).toBe(a);
    });

    it('subscribes to the log: catches up, then receives live appends in order, then stops', async () => {
      const prefix = `sub-${randomUUID()}`;
      await store.append(`${prefix}-a`, [ev('Before1'), ev('Before2')], 'no_stream');
      const seen: string[] = [];
      let resolveAll!: () => void;
      const allSeen = new Promise<void>((r) => (resolveAll = r));
      const sub = store.subscribeToAll({ after: START, batchSize: 50 }, async (batch) => {
        for (const e of mine(batch, prefix)) seen.push(e.type);
        if (seen.length === 4) resolveAll();
      });
      await store.append(`${prefix}-b`, [ev('Live1')], 'no_stream');
      await store.append(`${prefix}-a`, [ev('Live2')], 1n);
      await Promise.race([allSeen, new Promise((_, rej) => setTimeout(() => rej(new Error('timed out')), 10_000))]);
      await sub.stop();
      expect(seen).toEqual(['Before1', 'Before2', 'Live1', 'Live2']);
    });

    it('keeps stream metadata and hides events before truncateBefore', async () => {
      const s = stream('meta');
      await store.append(s, [ev('A'), ev('B'), ev('C')], 'no_stream');
      await store.setStreamMetadata(s, { truncateBefore: 2n, owner: 'u1' });
      const meta = await store.getStreamMetadata(s);
      expect(meta.truncateBefore).toBe(2n);
      expect(meta['owner']).toBe('u1');
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['C']);
    });

    it('soft-deletes a stream: it reads as missing, and appending again continues after it', async () => {
      const s = stream('soft');
      await store.append(s, [ev('A'), ev('B')], 'no_stream');
      await store.deleteStream(s);
      expect(await store.readStream(s)).toEqual([]);
      expect(await store.streamRevision(s)).toBeUndefined();
      const again = await store.append(s, [ev('C')], 'no_stream');
      expect(again.nextRevision).toBe(2n);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['C']);
    });

    it('lets exactly one of 50 concurrent appends with the same expected revision win', async () => {
      const s = stream('race');
      await store.append(s, [ev('Start')], 'no_stream');
      const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => store.append(s, [ev(`Try${i}`)], 0n)));
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost.every((r) => isWrongExpectedVersion((r as PromiseRejectedResult).reason))).toBe(true);
      expect(await store.readStream(s)).toHaveLength(2);
    });
  });
}
