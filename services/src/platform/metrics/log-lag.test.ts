import { afterEach, describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../event-store/port';
import { LAG_SCAN_EVENTS, observeLag } from './log-lag';
import { registry } from './registry';

const at = (n: number): Position => ({ transaction: BigInt(n), sequence: BigInt(n) });
const event = (n: number, createdAt: Date): RecordedEvent => ({
  id: `e${n}`,
  streamId: 's',
  type: 't',
  version: 1,
  data: {},
  metadata: {},
  revision: BigInt(n),
  position: at(n),
  createdAt,
});

/** A log of `count` events, the oldest `ageSeconds` old; readAll as the store answers it. */
function log(count: number, ageSeconds: number) {
  const now = Date.now();
  const events = Array.from({ length: count }, (_, i) => event(i + 1, new Date(now - (ageSeconds - i) * 1000)));
  let reads = 0;
  return {
    reads: () => reads,
    store: {
      headPosition: async () => (events.length ? events[events.length - 1]!.position : at(0)),
      readAll: async ({ after, maxCount }: { after?: Position; maxCount?: number } = {}) => {
        reads++;
        return events.filter((e) => e.position.sequence > (after?.sequence ?? 0n)).slice(0, maxCount);
      },
    },
  };
}

async function values(name: string) {
  const metric = await registry.getSingleMetric(name)!.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.projection ?? ''), v.value]));
}

let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  await new Promise((r) => setTimeout(r, 600)); // past the probe's reuse window
});

describe('projection and relay lag, measured from the log at scrape time', () => {
  it('counts the events each follower has not passed and how long the oldest has waited', async () => {
    const l = log(10, 30);
    const positions = new Map([
      ['caught-up', at(10)],
      ['behind', at(4)],
    ]);
    stop = observeLag({ store: l.store, followers: { projections: () => positions, relay: () => at(7) }, untrustedJobs: () => 2 });
    expect(await values('verba_projection_lag_events')).toEqual({ 'caught-up': 0, behind: 6 });
    const seconds = await values('verba_projection_lag_seconds');
    expect(seconds['caught-up']).toBe(0);
    expect(seconds.behind).toBeGreaterThan(25.5); // event 5 was made 26 s ago
    expect(seconds.behind).toBeLessThan(27);
    expect(await values('verba_relay_lag_events')).toEqual({ '': 3 });
    expect(await values('verba_event_store_head_position')).toEqual({ '': 10 });
    expect(await values('verba_untrusted_queue_length')).toEqual({ '': 2 });
  });

  it('rises while a projection is behind and comes back to 0 once it applied the log', async () => {
    const l = log(5, 5);
    const positions = new Map([['p', at(0)]]);
    stop = observeLag({ store: l.store, followers: { projections: () => positions, relay: () => undefined }, untrustedJobs: () => 0 });
    expect(await values('verba_projection_lag_events')).toEqual({ p: 5 });
    await new Promise((r) => setTimeout(r, 600));
    positions.set('p', at(5));
    expect(await values('verba_projection_lag_events')).toEqual({ p: 0 });
    expect(await values('verba_projection_lag_seconds')).toEqual({ p: 0 });
  });

  it('reads nothing past the head when every follower is caught up, and at most LAG_SCAN_EVENTS when far behind', async () => {
    const quiet = log(3, 1);
    stop = observeLag({
      store: quiet.store,
      followers: { projections: () => new Map([['p', at(3)]]), relay: () => at(3) },
      untrustedJobs: () => 0,
    });
    await values('verba_projection_lag_events');
    expect(quiet.reads()).toBe(0);
    stop();
    await new Promise((r) => setTimeout(r, 600));
    const far = log(LAG_SCAN_EVENTS + 50, 60);
    stop = observeLag({
      store: far.store,
      followers: { projections: () => new Map([['p', at(0)]]), relay: () => undefined },
      untrustedJobs: () => 0,
    });
    expect(await values('verba_projection_lag_events')).toEqual({ p: LAG_SCAN_EVENTS });
  });

  it('reports nothing for a process that runs no follower once its source is gone', async () => {
    const l = log(2, 1);
    observeLag({
      store: l.store,
      followers: { projections: () => new Map([['p', at(0)]]), relay: () => undefined },
      untrustedJobs: () => 0,
    })();
    expect(await values('verba_projection_lag_events')).toEqual({});
  });
});
