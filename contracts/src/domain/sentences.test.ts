import { describe, expect, it } from 'vitest';
import { clock, sentenceAt, splitSentences, timingsByDurations, timingsByLength, wordHeardAt, wordsFromStarts } from './sentences';

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

  it('times the words of a sentence from where each begins, and finds the word being heard', () => {
    const sentence = { start: 2, end: 4 };
    // A mark a little before its sentence starts (the engine's lead-in) is taken as the sentence's start.
    const words = wordsFromStarts(sentence, [
      { from: 0, to: 5, start: 1.99 },
      { from: 6, to: 10, start: 2.75 },
      { from: 11, to: 15, start: 3.5 },
    ]);
    expect(words).toEqual([
      { from: 0, to: 5, start: 2, end: 2.75 },
      { from: 6, to: 10, start: 2.75, end: 3.5 },
      { from: 11, to: 15, start: 3.5, end: 4 },
    ]);
    const timing = { ...sentence, words };
    expect([1, 2, 2.8, 3.99, 4].map((s) => wordHeardAt(timing, s))).toEqual([-1, 0, 1, 2, -1]);
    expect(wordHeardAt(sentence, 2.5)).toBe(-1);
    expect(wordHeardAt(undefined, 2.5)).toBe(-1);
  });
});
