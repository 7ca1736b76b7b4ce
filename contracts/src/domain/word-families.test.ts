import { describe, expect, it } from 'vitest';
import { familyCounts, familyLevelHint } from './word-families';

const BASES: Record<string, string> = { ging: 'gehen', gegangen: 'gehen', gehst: 'gehen', häuser: 'haus', aß: 'essen' };
const baseOf = (word: string) => BASES[word] ?? word;
const counts = (...words: [string, string][]) =>
  familyCounts(
    words.map(([word, status]) => ({ word, status })),
    baseOf,
  );

describe('family counts', () => {
  it('counts the forms of one base word as one family', () => {
    expect(counts(['gehen', 'known'], ['ging', 'known'], ['gegangen', 'known'], ['gehst', 'known'])).toEqual({
      familiesKnown: 1,
      familiesUncertain: 0,
    });
  });

  it('knows a family from one Known form, even without its base word', () => {
    expect(counts(['ging', 'known'], ['haus', 'known'])).toEqual({ familiesKnown: 2, familiesUncertain: 0 });
  });

  it('counts a family Uncertain only when none of its forms is Known', () => {
    expect(counts(['ging', 'uncertain'], ['gehen', 'known'], ['häuser', 'uncertain'], ['aß', 'uncertain'], ['essen', 'uncertain'])).toEqual(
      {
        familiesKnown: 1,
        familiesUncertain: 2,
      },
    );
  });

  it('counts Ignored and New words nowhere', () => {
    expect(counts(['gehen', 'ignored'], ['leipzig', 'ignored'], ['haus', 'new'])).toEqual({ familiesKnown: 0, familiesUncertain: 0 });
    expect(counts(['gehen', 'ignored'], ['ging', 'known'])).toEqual({ familiesKnown: 1, familiesUncertain: 0 });
  });

  it('counts words the dictionary links to no base word each as a family of its own', () => {
    expect(counts(['xyz', 'known'], ['abc', 'known'], ['abc', 'known'])).toEqual({ familiesKnown: 2, familiesUncertain: 0 });
  });
});

describe('level hint by families', () => {
  it('applies the spec thresholds to Known + Uncertain families', () => {
    expect(familyLevelHint({ familiesKnown: 799, familiesUncertain: 0 })).toBe('A1');
    expect(familyLevelHint({ familiesKnown: 799, familiesUncertain: 1 })).toBe('A2');
    expect(familyLevelHint({ familiesKnown: 2000, familiesUncertain: 0 })).toBe('B1');
    expect(familyLevelHint({ familiesKnown: 6000, familiesUncertain: 6000 })).toBe('C2');
  });

  it('gives a learner with many forms of few words the lower level', () => {
    const words = Array.from({ length: 900 }, (_, i) => ({ word: `form${i}`, status: 'known' }));
    const family = familyCounts(words, (w) => `base${Number(w.slice(4)) % 300}`);
    expect(family).toEqual({ familiesKnown: 300, familiesUncertain: 0 });
    expect(familyLevelHint(family)).toBe('A1');
  });
});
