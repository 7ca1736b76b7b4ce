import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines, type TestDatabase } from '../../../../test-support/platform/databases';
import { isWrongExpectedVersion, type NewEvent } from '../port';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from './adapter';
import { AppendBatcher } from './append-batcher';

const ev = (n = 1): NewEvent[] => Array.from({ length: n }, (_, i) => ({ id: randomUUID(), type: 'Noted', version: 1, data: { i } }));

for (const engine of await testEngines()) {
  describe.skipIf(Boolean(engine.skipReason))(
    `group commit of appends on ${engine.label}${engine.skipReason ? ` (${engine.skipReason})` : ''}`,
    () => {
      let db: TestDatabase;
      let store: PostgresEventStore;

      beforeAll(async () => {
        db = await engine.create();
        store = createPostgresEventStore({
          connectionString: db.connectionString,
          namedStatements: db.namedStatements,
          poolSize: 10,
          appendConcurrency: 1,
        });
        await migrateEventStore(store.pool);
      });
      afterAll(async () => {
        await store?.close();
        await db?.drop();
      });

      it('commits concurrent appends to different streams together, each readable with its own revision', async () => {
        const streams = Array.from({ length: 40 }, () => `batch-${randomUUID()}`);
        const results = await Promise.all(streams.map((s, i) => store.append(s, ev(1 + (i % 3)), 'no_stream')));
        // One append in flight at a time: the other 39 waited and shared few transactions.
        const transactions = new Set(results.map((r) => r.position.transaction));
        expect(transactions.size).toBeLessThan(10);
        for (const [i, s] of streams.entries()) {
          const read = await store.readStream(s);
          expect(read).toHaveLength(1 + (i % 3));
          expect(results[i]!.nextRevision).toBe(BigInt(i % 3));
          expect(read.at(-1)!.position).toEqual(results[i]!.position);
        }
      });

      it('refuses a stale expected revision in a batch without failing or changing the others', async () => {
        const stale = `stale-${randomUUID()}`;
        await store.append(stale, ev(2), 'no_stream');
        const others = Array.from({ length: 10 }, () => `ok-${randomUUID()}`);
        const outcomes = await Promise.allSettled([
          store.append(others[0]!, ev(), 'no_stream'), // occupies the one slot, so the rest form a batch
          store.append(stale, ev(), 0n),
          ...others.slice(1).map((s) => store.append(s, ev(), 'any')),
        ]);
        expect(outcomes[1]).toMatchObject({ status: 'rejected' });
        const error = (outcomes[1] as PromiseRejectedResult).reason;
        expect(isWrongExpectedVersion(error)).toBe(true);
        expect(error).toMatchObject({ actual: 1n });
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
        expect(await store.readStream(stale)).toHaveLength(2);
      });

      it('answers a retried append inside a batch with the earlier result and still appends the rest', async () => {
        const retried = `retry-${randomUUID()}`;
        const events = ev(2);
        const first = await store.append(retried, events, 'no_stream');
        const fresh = Array.from({ length: 8 }, () => `fresh-${randomUUID()}`);
        const [, again, ...rest] = await Promise.all([
          store.append(`lead-${randomUUID()}`, ev(), 'no_stream'),
          store.append(retried, events, 'no_stream'), // same ids: the batch fails on them, then goes item by item
          ...fresh.map((s) => store.append(s, ev(), 'no_stream')),
        ]);
        expect(again).toEqual(first);
        expect(rest).toHaveLength(8);
        expect(await store.readStream(retried)).toHaveLength(2);
        for (const s of fresh) expect(await store.readStream(s)).toHaveLength(1);
      });

      it("keeps a stream's appends in order when several arrive at once", async () => {
        const s = `same-${randomUUID()}`;
        const results = await Promise.all(Array.from({ length: 5 }, () => store.append(s, ev(), 'any')));
        const revisions = results.map((r) => r.nextRevision).sort();
        expect(revisions).toEqual([0n, 1n, 2n, 3n, 4n]);
        const read = await store.readStream(s);
        for (let i = 1; i < read.length; i++) expect(read[i]!.position.transaction >= read[i - 1]!.position.transaction).toBe(true);
      });
    },
  );
}

/** The batcher's scheduling alone, with appends the test finishes by hand. */
describe('the append batcher', () => {
  const result = { nextRevision: 0n, position: { transaction: 1n, sequence: 1n } };
  function scripted(stallMs: number) {
    const sent: string[][] = [];
    const finish = new Map<string, () => void>();
    const wait = (ids: string[]) => new Promise<void>((r) => ids.forEach((id) => finish.set(id, r)));
    const batcher = new AppendBatcher<{ streamId: string; events: never[] }>({
      stallMs,
      single: async (item) => (sent.push([item.streamId]), await wait([item.streamId]), result),
      batch: async (items) => (
        sent.push(items.map((i) => i.streamId)),
        await wait(items.map((i) => i.streamId)),
        items.map(() => ({ result }))
      ),
    });
    return { sent, finish: (id: string) => finish.get(id)!(), append: (id: string) => batcher.append({ streamId: id, events: [] }) };
  }

  it('keeps one batch in flight: what arrives meanwhile goes together after it', async () => {
    const b = scripted(10_000);
    const first = b.append('a');
    const rest = ['b', 'c', 'd'].map(b.append);
    await new Promise((r) => setTimeout(r, 20));
    expect(b.sent).toEqual([['a']]);
    b.finish('a');
    await first;
    await new Promise((r) => setImmediate(r));
    expect(b.sent).toEqual([['a'], ['b', 'c', 'd']]);
    b.finish('b');
    await Promise.all(rest);
  });

  it('sends the next batch beside a stalled one, so a large append holds the others back only briefly', async () => {
    const b = scripted(30);
    const slow = b.append('import');
    const started = performance.now();
    const mark = b.append('mark');
    await expect.poll(() => b.sent.length, { timeout: 2_000, interval: 5 }).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(b.sent).toEqual([['import'], ['mark']]);
    b.finish('mark');
    await mark;
    b.finish('import');
    await slow;
  });
});
