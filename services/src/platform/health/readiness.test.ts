import { describe, expect, it } from 'vitest';
import { CHECK_TIMEOUT_MS, readiness } from './readiness';
import type { Probe } from '../metrics/log-lag';

const serving = () => 'serving' as const;
const caughtUp: Probe = {
  head: { transaction: 5n, sequence: 5n },
  projections: new Map([['library', { events: 0, seconds: 0 }]]),
  relay: { events: 2, seconds: 1.5 },
};

describe('readiness: what is missing, not only whether', () => {
  it('is ready with every dependency up, naming each with the time it took', async () => {
    const answer = await readiness({ role: 'api', phase: serving, checks: { database: async () => 1, eventStore: async () => 2 } })();
    expect(answer).toMatchObject({ ready: true, status: 'ready', role: 'api' });
    expect(answer.dependencies).toEqual({
      database: { state: 'up', ms: expect.any(Number) },
      eventStore: { state: 'up', ms: expect.any(Number) },
    });
    expect(answer.lag).toBeUndefined();
  });

  it('is unavailable when one dependency fails, saying which and why', async () => {
    const answer = await readiness({
      role: 'relay',
      phase: serving,
      checks: { database: async () => 1, kafka: () => Promise.reject(new Error('Connection error: ECONNREFUSED')) },
    })();
    expect(answer).toMatchObject({ ready: false, status: 'unavailable' });
    expect(answer.dependencies['kafka']).toEqual({ state: 'down', ms: expect.any(Number), error: 'Connection error: ECONNREFUSED' });
    expect(answer.dependencies['database']!.state).toBe('up');
  });

  it('gives a dependency that hangs CHECK_TIMEOUT_MS, then reports it down', async () => {
    const started = Date.now();
    const answer = await readiness({ role: 'api', phase: serving, checks: { redis: () => new Promise(() => undefined) } })();
    expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(answer.dependencies['redis']).toMatchObject({ state: 'down', error: `no answer within ${CHECK_TIMEOUT_MS} ms` });
    expect(answer.ready).toBe(false);
  });

  it('answers a projector or relay with its lag, and not ready while the log cannot be read', async () => {
    const ok = await readiness({ role: 'projector', phase: serving, checks: { database: async () => 1 }, lag: async () => caughtUp })();
    expect(ok).toMatchObject({
      ready: true,
      lag: { projections: { library: { events: 0, seconds: 0 } }, relay: { events: 2, seconds: 1.5 } },
    });
    const cut = await readiness({
      role: 'projector',
      phase: serving,
      checks: { database: async () => 1 },
      lag: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
    })();
    expect(cut).toMatchObject({
      ready: false,
      status: 'unavailable',
      dependencies: { log: { state: 'down', error: 'connect ECONNREFUSED 10.0.0.5:5432' } },
    });
  });

  it('is not ready while starting or draining, whatever the dependencies say', async () => {
    let phase: 'starting' | 'serving' | 'draining' = 'starting';
    const ready = readiness({ role: 'api', phase: () => phase, checks: { database: async () => 1 } });
    expect(await ready()).toMatchObject({ ready: false, status: 'starting' });
    phase = 'serving';
    expect(await ready()).toMatchObject({ ready: true });
    phase = 'draining';
    expect(await ready()).toMatchObject({ ready: false, status: 'draining' });
  });

  it('runs one round of checks for probes within a second of each other', async () => {
    let calls = 0;
    const ready = readiness({ role: 'api', phase: serving, checks: { database: async () => ++calls } });
    await Promise.all([ready(), ready(), ready()]);
    expect(calls).toBe(1);
  });
});
