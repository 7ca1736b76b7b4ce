/** Difficulty labels, from easiest to hardest. */
export const DIFFICULTY_LABELS = ['Too Easy', 'Easy', 'Ideal', 'Medium', 'Challenging', 'Difficult', 'Very Difficult'] as const;
export type DifficultyLabel = (typeof DIFFICULTY_LABELS)[number];

/**
 * Rules checked top to bottom; the first match wins. Thresholds are whole
 * percents so counts can be compared exactly in integer arithmetic.
 * maxUncertain undefined = no cap on uncertain words.
 */
export const DIFFICULTY_RULES: readonly {
  readonly label: DifficultyLabel;
  readonly minKnownPercent: number;
  readonly maxUncertainPercent?: number;
}[] = [
  { label: 'Too Easy', minKnownPercent: 95 },
  { label: 'Easy', minKnownPercent: 85, maxUncertainPercent: 10 },
  { label: 'Ideal', minKnownPercent: 75, maxUncertainPercent: 15 },
  { label: 'Medium', minKnownPercent: 60, maxUncertainPercent: 20 },
  { label: 'Challenging', minKnownPercent: 45 },
  { label: 'Difficult', minKnownPercent: 30 },
];

/**
 * Label from shares given as fractions 0..1 (0.95 = 95%), not percents.
 * Compared against percent / 100 rather than share * 100, because
 * 0.57 * 100 !== 57 in floating point while 57 / 100 === 0.57.
 */
export function difficultyLabel(knownShare: number, uncertainShare: number): DifficultyLabel {
  for (const rule of DIFFICULTY_RULES) {
    if (
      knownShare >= rule.minKnownPercent / 100 &&
      (rule.maxUncertainPercent === undefined || uncertainShare <= rule.maxUncertainPercent / 100)
    ) {
      return rule.label;
    }
  }
  return 'Very Difficult';
}

/**
 * Label from word counts, compared exactly (known * 100 >= percent * total).
 * An empty text has nothing left to learn, so it is "Too Easy".
 */
export function difficultyFromCounts(totalWords: number, knownCount: number, uncertainCount: number): DifficultyLabel {
  if (totalWords <= 0) return 'Too Easy';
  for (const rule of DIFFICULTY_RULES) {
    if (
      knownCount * 100 >= rule.minKnownPercent * totalWords &&
      (rule.maxUncertainPercent === undefined || uncertainCount * 100 <= rule.maxUncertainPercent * totalWords)
    ) {
      return rule.label;
    }
  }
  return 'Very Difficult';
}

/** A word of a text, by how often it occurs there and the reader's status of it (none: New). */
export interface CountedWord {
  readonly occurrences: number;
  readonly status?: 'known' | 'uncertain' | 'ignored';
}

/**
 * A text's word occurrences as the difficulty rule counts them: Ignored words (names, numbers, foreign
 * words) count nowhere, not even in the total, so a text full of names reads as hard as its other words.
 */
export function countWords(words: Iterable<CountedWord>): { total: number; known: number; uncertain: number } {
  let total = 0;
  let known = 0;
  let uncertain = 0;
  for (const w of words) {
    if (w.status === 'ignored') continue;
    total += w.occurrences;
    if (w.status === 'uncertain') uncertain += w.occurrences;
    else if (w.status === 'known') known += w.occurrences;
  }
  return { total, known, uncertain };
}

/** A reader's mark of a word (its key), as the difficulty label reads it: New words are not marked. */
export interface MarkedWord {
  readonly word: string;
  readonly status: 'known' | 'uncertain' | 'ignored';
}

/**
 * A text's words (keys and occurrences) with the status the difficulty label counts, by word family (`baseOf`
 * giving a word's base word, the word itself when it has none, as in familyCounts): a word is Known when the
 * reader marked any form of its family Known (knowing "gehen" makes "ging" known, and knowing "ging" makes
 * "gehen" known), else Uncertain when any form is Uncertain. Ignored is the word's own and wins over its
 * family (a name the reader ignored counts nowhere), and ignoring a word leaves its other forms counted.
 * The library's label query (wordCountsSql) applies the same rule; count the result with countWords.
 */
export function countedByFamily(
  text: Iterable<{ readonly word: string; readonly occurrences: number }>,
  marks: Iterable<MarkedWord>,
  baseOf: (word: string) => string,
): CountedWord[] {
  const ignored = new Set<string>();
  const families = new Map<string, 'known' | 'uncertain'>();
  for (const { word, status } of marks) {
    if (status === 'ignored') ignored.add(word);
    else if (status === 'known' || !families.has(baseOf(word))) families.set(baseOf(word), status);
  }
  return [...text].map(({ word, occurrences }) => {
    const status = ignored.has(word) ? 'ignored' : families.get(baseOf(word));
    return status ? { occurrences, status } : { occurrences };
  });
}
