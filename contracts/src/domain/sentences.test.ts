import { describe, expect, it } from 'vitest';
import { clock, sentenceAt, splitSentences, timingsByDurations, timingsByLength } from './sentences';

describe('sentences for the audio player', () => {
  it('splits at end marks and line breaks, keeping closing quotes and joining lone marks', () => {
    expect(splitSentences('Guten Tag! Wie geht es dir?\nMir geht es gut… „Danke.“ Und dir')).toEqual([
      'Guten Tag!',
      'Wie geht es dir?',
      'Mir geht es gut…',
      '„Danke.“',
      'Und dir',
    ]);
    expect(splitSentences('Ja... ...')).toEqual(['Ja......']);
    expect(splitSentences('  \n ')).toEqual([]);
  });

  it('shares an upload’s duration in proportion to sentence length', () => {
    expect(timingsByLength(['Ab.', 'Abcdef.'], 10)).toEqual([
      { start: 0, end: 3 },
      { start: 3, end: 10 },
    ]);
  });

  it('lays measured durations end to end and finds the sentence being spoken', () => {
    const timings = timingsByDurations([1.5, 0.25, 2]);
    expect(timings).toEqual([
      { start: 0, end: 1.5 },
      { start: 1.5, end: 1.75 },
      { start: 1.75, end: 3.75 },
    ]);
    expect([0, 1.5, 1.8, 3.75].map((s) => sentenceAt(timings, s))).toEqual([0, 1, 2, -1]);
    expect(clock(65.4)).toBe('1:05');
  });
});
