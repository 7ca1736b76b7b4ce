import { describe, expect, it } from 'vitest';
import { FlashcardFormSchema } from './flashcards';

const messages = (input: unknown) => {
  const r = FlashcardFormSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('flashcard form (spec §5)', () => {
  it('requires both sides, blank or missing', () => {
    expect(messages({})).toEqual(['sourceValue: Required', 'targetValue: Required']);
    expect(messages({ sourceValue: '', targetValue: '  \n ' })).toEqual(['sourceValue: Required', 'targetValue: Required']);
  });

  it('allows 300 letters and refuses 301, counting letters rather than UTF-16 units', () => {
    expect(messages({ sourceValue: 'a'.repeat(300), targetValue: '😀'.repeat(300) })).toEqual([]);
    expect(messages({ sourceValue: 'a'.repeat(301), targetValue: 'ж'.repeat(301) })).toEqual([
      'sourceValue: Maximum 300 letters are allowed',
      'targetValue: Maximum 300 letters are allowed',
    ]);
  });

  it('trims the sides, so spaces around 300 letters do not count', () => {
    expect(FlashcardFormSchema.parse({ sourceValue: `  ${'b'.repeat(300)}  `, targetValue: ' x ' })).toEqual({
      sourceValue: 'b'.repeat(300),
      targetValue: 'x',
    });
  });
});
