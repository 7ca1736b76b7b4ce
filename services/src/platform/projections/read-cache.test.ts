import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('read cache', () => {
  it('serves a hit without loading again, and loads again after invalidation', async () => {
    const cache = new ReadCache<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate('k');
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not store a result loaded before an invalidation that happened during the load', async () => {
    const cache = new ReadCache<string>();
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.invalidate('k'); // the projector committed a change while the old read was in flight
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('updates a cached value in place of loading it again, and keeps a load in flight from storing', async () => {
    const cache = new ReadCache<readonly string[]>();
    const first = ['a'];
    await cache.get('k', async () => first);
    cache.update('k', (words) => [...words, 'b']);
    expect(await cache.get('k', async () => ['loaded'])).toEqual(['a', 'b']);
    expect(first).toEqual(['a']); // what an earlier reader holds is left as it was

    cache.update('absent', (words) => [...words, 'x']); // nothing cached: nothing to update
    expect(await cache.get('absent', async () => ['loaded'])).toEqual(['loaded']);

    let release!: () => void;
    const slow = cache.get('m', () => new Promise<readonly string[]>((r) => (release = () => r(['old']))));
    cache.update('m', (words) => [...words, 'c']);
    release();
    expect(await slow).toEqual(['old']);
    expect(await cache.get('m', async () => ['new'])).toEqual(['new']);
  });

  it('invalidates by prefix, including loads in flight', async () => {
    const cache = new ReadCache<string>();
    await cache.get('u1:de', async () => 'a');
    let release!: () => void;
    const inFlight = cache.get('u1:fr', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.invalidatePrefix('u1:');
    release();
    await inFlight;
    expect(await cache.get('u1:de', async () => 'b')).toBe('b');
    expect(await cache.get('u1:fr', async () => 'new')).toBe('new');
  });

  it('stays within its size bound', async () => {
    const cache = new ReadCache<number>(10);
    for (let i = 0; i < 100; i++) await cache.get(`k${i}`, async () => i);
    let loads = 0;
    await cache.get('k0', async () => ++loads);
    expect(loads).toBe(1); // evicted long ago
  });
});
