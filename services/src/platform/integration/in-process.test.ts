import { describe, expect, it } from 'vitest';
import { createInProcessPublisher, type DeliveredMessage } from './in-process';

describe('in-process publisher', () => {
  it('delivers to the subscribers of a topic in order, with per-topic offsets', async () => {
    const bus = createInProcessPublisher();
    const seen: DeliveredMessage[] = [];
    const slowSeen: string[] = [];
    bus.subscribe('a', (m) => void seen.push(m));
    bus.subscribe('a', async (m) => {
      await new Promise((r) => setTimeout(r, 1));
      slowSeen.push(m.value);
    });
    bus.subscribe('b', () => {
      throw new Error('must not see topic a');
    });
    await bus.publish('a', [
      { key: 'k1', value: '1', headers: { h: 'x' } },
      { key: 'k2', value: '2' },
    ]);
    await bus.publish('a', [{ key: 'k1', value: '3' }]);
    expect(seen.map((m) => [m.topic, m.offset, m.key, m.value])).toEqual([
      ['a', 0, 'k1', '1'],
      ['a', 1, 'k2', '2'],
      ['a', 2, 'k1', '3'],
    ]);
    expect(seen[0]!.headers).toEqual({ h: 'x' });
    expect(slowSeen).toEqual(['1', '2', '3']); // awaited: publish resolves after every subscriber ran
  });

  it('keeps the last N messages per topic for inspection', async () => {
    const bus = createInProcessPublisher({ keep: 2 });
    await bus.publish(
      't',
      [1, 2, 3].map((n) => ({ key: 'k', value: String(n) })),
    );
    expect(bus.messages('t').map((m) => [m.offset, m.value])).toEqual([
      [1, '2'],
      [2, '3'],
    ]);
    expect(bus.messages('other')).toEqual([]);
  });

  it('a failing subscriber is logged, does not fail the publish, and others still receive', async () => {
    const errors: object[] = [];
    const bus = createInProcessPublisher({ log: { error: (o) => void errors.push(o) } });
    const got: string[] = [];
    bus.subscribe('t', () => {
      throw new Error('boom');
    });
    bus.subscribe('t', (m) => void got.push(m.value));
    await bus.publish('t', [{ key: 'k', value: 'v' }]);
    expect(got).toEqual(['v']);
    expect(errors).toHaveLength(1);
  });

  it('unsubscribes, and refuses to publish once closed', async () => {
    const bus = createInProcessPublisher();
    const got: string[] = [];
    const off = bus.subscribe('t', (m) => void got.push(m.value));
    await bus.publish('t', [{ key: 'k', value: '1' }]);
    off();
    await bus.publish('t', [{ key: 'k', value: '2' }]);
    expect(got).toEqual(['1']);
    await bus.close();
    await expect(bus.publish('t', [{ key: 'k', value: '3' }])).rejects.toThrow(/closed/);
  });
});
