import { describe, expect, it } from 'vitest';
import { compareWords, withWordStatuses, type DictionaryEntry } from './dictionary';

/** PostgreSQL's `collate "C"` on UTF-8 text: the bytes' order. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('a cached dictionary brought up to date', () => {
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
    expect([...words].sort(compareWords)).toEqual([...words].sort(byBytes));
  });

  it('answers what a fresh read would after any run of marks, leaving the copy it was given as it was', () => {
    const letters = ['a', 'ä', 'b', 'é', 'z', 'ж', "'"];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const truth = new Map<string, DictionaryEntry['status']>();
    let cached: DictionaryEntry[] = [];
    for (let batch = 0; batch < 400; batch++) {
      const changes = Array.from({ length: 1 + random(8) }, () => {
        const word = Array.from({ length: 1 + random(3) }, () => letters[random(letters.length)]).join('');
        return [word, (['known', 'uncertain', 'new'] as const)[random(3)]!] as const;
      });
      const before = cached;
      const copy = JSON.stringify(before);
      cached = withWordStatuses(cached, changes);
      expect(JSON.stringify(before)).toBe(copy);
      for (const [word, status] of changes) {
        if (status === 'new') truth.delete(word);
        else truth.set(word, status);
      }
    }
    const fresh = [...truth].map(([value, status]) => ({ value, status })).sort((a, b) => byBytes(a.value, b.value));
    expect(cached).toEqual(fresh);
  });
});
