import { describe, expect, it } from 'vitest';
import { scrollDelta } from './keep-in-view';

// The room between the header (bottom at 100) and the sheet (top at 500).
const TOP = 100;
const BOTTOM = 500;

describe('scrollDelta', () => {
  it('scrolls a sentence under the sheet up until its last line sits above it', () => {
    expect(scrollDelta({ top: 560, bottom: 590 }, { top: 520, bottom: 630 }, TOP, BOTTOM)).toBe(130);
  });

  it('scrolls a sentence under the header down into sight', () => {
    expect(scrollDelta({ top: 80, bottom: 110 }, { top: 40, bottom: 150 }, TOP, BOTTOM)).toBe(-60);
  });

  it('leaves a sentence in sight where it is', () => {
    expect(scrollDelta({ top: 200, bottom: 230 }, { top: 160, bottom: 300 }, TOP, BOTTOM)).toBe(0);
  });

  it('brings at least the word into sight when the sentence is taller than the room', () => {
    expect(scrollDelta({ top: 700, bottom: 730 }, { top: 200, bottom: 900 }, TOP, BOTTOM)).toBe(230);
    expect(scrollDelta({ top: 300, bottom: 330 }, { top: 0, bottom: 800 }, TOP, BOTTOM)).toBe(0);
  });
});
