import { describe, it, expect } from 'vitest';
import { DIFFICULTY_LABELS, countWords, countedByFamily, difficultyFromCounts, difficultyLabel } from './difficulty';

describe('DIFFICULTY_LABELS', () => {
  it('lists the labels from easiest to hardest', () => {
    expect(DIFFICULTY_LABELS).toEqual(['Too Easy', 'Easy', 'Ideal', 'Medium', 'Challenging', 'Difficult', 'Very Difficult']);
  });
});

describe('difficultyLabel (fractions 0..1)', () => {
  it('Too Easy from 95% known, whatever the uncertain share', () => {
    expect(difficultyLabel(0.95, 0)).toBe('Too Easy');
    expect(difficultyLabel(0.95, 0.05)).toBe('Too Easy');
    expect(difficultyLabel(1, 0)).toBe('Too Easy');
    expect(difficultyLabel(0.9499, 0)).toBe('Easy');
  });

  it('Easy: known >= 85% and uncertain <= 10%', () => {
    expect(difficultyLabel(0.85, 0.1)).toBe('Easy');
    expect(difficultyLabel(0.8499, 0.1)).toBe('Ideal');
    expect(difficultyLabel(0.9, 0.1001)).toBe('Ideal');
  });

  it('Ideal: known >= 75% and uncertain <= 15%', () => {
    expect(difficultyLabel(0.75, 0.15)).toBe('Ideal');
    expect(difficultyLabel(0.7499, 0.15)).toBe('Medium');
    expect(difficultyLabel(0.8, 0.1501)).toBe('Medium');
  });

  it('Medium: known >= 60% and uncertain <= 20%', () => {
    expect(difficultyLabel(0.6, 0.2)).toBe('Medium');
    expect(difficultyLabel(0.5999, 0.2)).toBe('Challenging');
    expect(difficultyLabel(0.7, 0.2001)).toBe('Challenging');
  });

  it('a high known share with too many uncertain words falls through to Challenging', () => {
    expect(difficultyLabel(0.94, 0.21)).toBe('Challenging');
  });

  it('Challenging from 45%, Difficult from 30%, else Very Difficult', () => {
    expect(difficultyLabel(0.45, 0.5)).toBe('Challenging');
    expect(difficultyLabel(0.4499, 0)).toBe('Difficult');
    expect(difficultyLabel(0.3, 0)).toBe('Difficult');
    expect(difficultyLabel(0.2999, 0)).toBe('Very Difficult');
    expect(difficultyLabel(0, 0)).toBe('Very Difficult');
  });
});

describe('difficultyFromCounts', () => {
  it('uses exact integer boundaries', () => {
    expect(difficultyFromCounts(100, 95, 0)).toBe('Too Easy');
    expect(difficultyFromCounts(10000, 9499, 0)).toBe('Easy');
    expect(difficultyFromCounts(20, 19, 1)).toBe('Too Easy');
    expect(difficultyFromCounts(100, 85, 10)).toBe('Easy');
    expect(difficultyFromCounts(100, 85, 11)).toBe('Ideal');
    expect(difficultyFromCounts(100, 84, 10)).toBe('Ideal');
    expect(difficultyFromCounts(100, 75, 15)).toBe('Ideal');
    expect(difficultyFromCounts(100, 75, 16)).toBe('Medium');
    expect(difficultyFromCounts(100, 74, 15)).toBe('Medium');
    expect(difficultyFromCounts(100, 60, 20)).toBe('Medium');
    expect(difficultyFromCounts(100, 60, 21)).toBe('Challenging');
    expect(difficultyFromCounts(100, 59, 20)).toBe('Challenging');
    expect(difficultyFromCounts(100, 45, 40)).toBe('Challenging');
    expect(difficultyFromCounts(100, 44, 0)).toBe('Difficult');
    expect(difficultyFromCounts(100, 30, 0)).toBe('Difficult');
    expect(difficultyFromCounts(100, 29, 0)).toBe('Very Difficult');
  });

  it('is exact where share * 100 would drift in floating point', () => {
    // 0.57 * 100 === 56.99999999999999; counts must not suffer from that.
    expect(difficultyFromCounts(300, 285, 0)).toBe('Too Easy'); // exactly 95%
    expect(difficultyFromCounts(700, 420, 140)).toBe('Medium'); // exactly 60% / 20%
  });

  it('agrees with difficultyLabel on the shares', () => {
    for (const [total, known, uncertain] of [
      [100, 95, 0],
      [200, 170, 20],
      [40, 30, 6],
      [1000, 599, 0],
    ] as const) {
      expect(difficultyFromCounts(total, known, uncertain)).toBe(difficultyLabel(known / total, uncertain / total));
    }
  });

  it('an empty text is Too Easy', () => {
    expect(difficultyFromCounts(0, 0, 0)).toBe('Too Easy');
  });
});

describe('countWords: Ignored words count nowhere', () => {
  // 100 running words: 70 known, 10 uncertain, 12 of names the learner ignored (Leipzig, Krüger), 8 new.
  const words = [
    { occurrences: 70, status: 'known' as const },
    { occurrences: 10, status: 'uncertain' as const },
    { occurrences: 8, status: 'ignored' as const },
    { occurrences: 4, status: 'ignored' as const },
    { occurrences: 8 },
  ];

  it('leaves Ignored occurrences out of the total, the known and the uncertain counts', () => {
    expect(countWords(words)).toEqual({ total: 88, known: 70, uncertain: 10 });
  });

  it('labels the text by its other words: Ideal (79.5% known), where counting the names as unknown said Medium', () => {
    const { total, known, uncertain } = countWords(words);
    expect(difficultyFromCounts(total, known, uncertain)).toBe('Ideal');
    expect(difficultyFromCounts(100, 70, 10)).toBe('Medium');
  });

  it('reads a text of nothing but Ignored words as empty: Too Easy', () => {
    const { total, known, uncertain } = countWords([{ occurrences: 5, status: 'ignored' }]);
    expect(difficultyFromCounts(total, known, uncertain)).toBe('Too Easy');
  });
});

describe('countedByFamily: a word counts as its family does', () => {
  // A tiny German dictionary: ging, gegangen, gehst -> gehen; bin, war -> sein.
  const BASES: Record<string, string> = { ging: 'gehen', gegangen: 'gehen', gehst: 'gehen', bin: 'sein', war: 'sein' };
  const baseOf = (word: string) => BASES[word] ?? word;
  const text = [
    { word: 'ich', occurrences: 2 },
    { word: 'ging', occurrences: 3 },
    { word: 'gegangen', occurrences: 1 },
    { word: 'war', occurrences: 2 },
    { word: 'leipzig', occurrences: 2 },
  ];
  const counted = (marks: Parameters<typeof countedByFamily>[1]) => countWords(countedByFamily(text, marks, baseOf));

  it('knowing the base word knows its forms: "gehen" known makes "ging" and "gegangen" known', () => {
    expect(counted([{ word: 'gehen', status: 'known' }])).toEqual({ total: 10, known: 4, uncertain: 0 });
  });

  it('knowing one form knows the others and the base; an Uncertain form makes its family uncertain', () => {
    expect(counted([{ word: 'gehst', status: 'known' }])).toEqual({ total: 10, known: 4, uncertain: 0 });
    expect(counted([{ word: 'bin', status: 'uncertain' }])).toEqual({ total: 10, known: 0, uncertain: 2 });
  });

  it('Known anywhere in the family wins over Uncertain, whichever comes first', () => {
    const both = [
      { word: 'ging', status: 'uncertain' as const },
      { word: 'gehen', status: 'known' as const },
    ];
    expect(counted(both)).toEqual({ total: 10, known: 4, uncertain: 0 });
    expect(counted([...both].reverse())).toEqual({ total: 10, known: 4, uncertain: 0 });
  });

  it('Ignored counts nowhere and stays the form’s own: ignoring "gehen" leaves "ging" counted as new', () => {
    expect(counted([{ word: 'leipzig', status: 'ignored' }])).toEqual({ total: 8, known: 0, uncertain: 0 });
    expect(counted([{ word: 'gehen', status: 'ignored' }])).toEqual({ total: 10, known: 0, uncertain: 0 });
    // An Ignored form stays out even when its family is known.
    expect(
      counted([
        { word: 'gehen', status: 'known' },
        { word: 'gegangen', status: 'ignored' },
      ]),
    ).toEqual({ total: 9, known: 3, uncertain: 0 });
  });
});
