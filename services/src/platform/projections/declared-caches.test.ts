import { describe, expect, it } from 'vitest';
import { RowListCache, compareCodePoints, withListChanges, type ListChange } from './declared-caches';
import { remove, update, upsert } from './declaration';

/** PostgreSQL's `collate "C"` on UTF-8 text: the bytes' order. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

type Entry = { value: string; status: string };
const sortKey = (e: Entry) => e.value;

describe('a cached list brought up to date', () => {
  it('orders words as the query does (collate "C"), whatever their letters', () => {
    const words = [
      'zug',
      'äpfel',
      'apfel',
      'Apfel',
      'ober',
      'öl',
      'straße',
      'strasse',
      'ёж',
      'ель',
      "l'homme",
      'lhomme',
      'a',
      'ab',
      '\uffef',
      '\u{1f600}x',
      'ﬁ',
    ];
    expect([...words].sort(compareCodePoints)).toEqual([...words].sort(byBytes));
  });

  it('answers what a fresh read would after any run of changes, leaving the copy it was given as it was', () => {
    const letters = ['a', 'ä', 'b', 'é', 'z', 'ж', "'"];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const truth = new Map<string, string>();
    let cached: Entry[] = [];
    for (let batch = 0; batch < 400; batch++) {
      const changes: ListChange<Entry>[] = Array.from({ length: 1 + random(8) }, () => {
        const word = Array.from({ length: 1 + random(3) }, () => letters[random(letters.length)]).join('');
        const status = (['known', 'uncertain', 'new'] as const)[random(3)]!;
        return [word, status === 'new' ? null : { value: word, status }] as const;
      });
      const before = cached;
      const copy = JSON.stringify(before);
      cached = withListChanges(cached, changes, sortKey);
      expect(JSON.stringify(before)).toBe(copy);
      for (const [word, entry] of changes) {
        if (entry === null) truth.delete(word);
        else truth.set(word, entry.status);
      }
    }
    const fresh = [...truth].map(([value, status]) => ({ value, status })).sort((a, b) => byBytes(a.value, b.value));
    expect(cached).toEqual(fresh);
  });
});

describe('RowListCache', () => {
  const cache = () =>
    new RowListCache<Entry>({
      table: 'entries',
      groupBy: ['user_id', 'language'],
      sortBy: 'word',
      entry: (row) => ({ value: row.word as string, status: row.status as string }),
      sortKey,
      maxChangesApplied: 3,
    });
  const loaded = async (c: RowListCache<Entry>, key: string, entries: Entry[]) => c.get(key, async () => entries);
  const unreachable = async (): Promise<Entry[]> => {
    throw new Error('loaded again');
  };

  it("applies a batch's upserts and removes by key to the lists it holds, with no load", async () => {
    const c = cache();
    await loaded(c, 'u1:de', [{ value: 'b', status: 'known' }]);
    c.changed('p', [
      upsert('entries', { user_id: 'u1', language: 'de', word: 'a', status: 'uncertain' }),
      remove('entries', { user_id: 'u1', language: 'de', word: 'b' }),
    ]);
    expect(await c.get('u1:de', unreachable)).toEqual([{ value: 'a', status: 'uncertain' }]);
  });

  it("drops a learner's lists on a remove by learner, a list with more changes than it applies, and a list an update touches", async () => {
    const c = cache();
    for (const key of ['u1:de', 'u1:fr', 'u2:de', 'u3:de']) await loaded(c, key, []);
    const word = (w: string) => upsert('entries', { user_id: 'u2', language: 'de', word: w, status: 'known' });
    c.changed('p', [
      remove('entries', { user_id: 'u1' }),
      word('a'),
      word('b'),
      word('c'),
      word('d'),
      update('entries', { user_id: 'u3', language: 'de', word: 'x' }, { status: 'known' }),
    ]);
    const reloaded = async () => [{ value: 'fresh', status: 'known' }];
    for (const key of ['u1:de', 'u1:fr', 'u2:de', 'u3:de']) expect(await c.get(key, reloaded)).toEqual(await reloaded());
  });
});
