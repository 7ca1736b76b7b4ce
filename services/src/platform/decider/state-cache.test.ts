import { describe, expect, it, vi } from 'vitest';
import { StreamStateCache } from './state-cache';

describe('stream state cache', () => {
  it('keeps the most recently decided streams, up to its bound', () => {
    const cache = new StreamStateCache<number>(10);
    for (let i = 0; i < 10; i++) cache.set(`s${i}`, BigInt(i), i);
    cache.set('s0', 5n, 50); // s0 used again: now the most recent
    cache.set('s10', 10n, 10); // over the bound: the least recently used tenth goes (s1)
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s0')).toEqual({ expected: 5n, state: 50 });
    expect(cache.get('s10')).toEqual({ expected: 10n, state: 10 });
  });

  it('evicts with one walk of its map per tenth of its bound, not one walk per command', () => {
    // A fresh keys() per eviction walks over the entries deleted before it (a Map keeps them until it
    // rehashes): each command of a process past its bound paid for tens of thousands of steps.
    const cache = new StreamStateCache<number>(1000);
    for (let i = 0; i < 1000; i++) cache.set(`s${i}`, 0n, i);
    const keys = vi.spyOn(Map.prototype, 'keys');
    try {
      for (let i = 1000; i < 2000; i++) cache.set(`s${i}`, 0n, i);
      expect(keys.mock.calls.length).toBeLessThanOrEqual(10);
    } finally {
      keys.mockRestore();
    }
    expect(cache.get('s1999')).toBeDefined();
  });
});
