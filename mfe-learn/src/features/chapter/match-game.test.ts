import { describe, expect, it } from 'vitest';
import { answer, newGame, sideBySide } from './match-game';

const pairs = ['Vater:father', 'Mutter:mother', 'Familie:family', 'Kind:child'].map((p) => {
  const [word, translation] = p.split(':') as [string, string];
  return { word, translation };
});
/** A fixed shuffle: translations shown as child, family, father, mother. */
const shuffled = () => ({ ...newGame(pairs), translationOrder: [3, 2, 0, 1] });
const rows = (game: ReturnType<typeof newGame>) => game.translationOrder.map((t, i) => `${pairs[i]!.word}|${pairs[t]!.translation}`);

describe('the match game board', () => {
  it("moves an answered word's translation into its row, right or wrong, and no other open tile", () => {
    const right = answer(shuffled(), 0, 0);
    expect(rows(right)).toEqual(['Vater|father', 'Mutter|family', 'Familie|child', 'Kind|mother']);
    const wrong = answer(right, 1, 3); // Mutter to "child": wrong, and out all the same
    expect(wrong.outcomes.get(1)).toBe('wrong');
    expect(rows(wrong)).toEqual(['Vater|father', 'Mutter|mother', 'Familie|child', 'Kind|family']);
    // Every answered word has its own translation beside it.
    for (const word of wrong.outcomes.keys()) expect(wrong.translationOrder[word]).toBe(word);
  });

  it('lays every pair side by side at the end', () => {
    expect(rows(sideBySide(shuffled()))).toEqual(['Vater|father', 'Mutter|mother', 'Familie|family', 'Kind|child']);
  });
});
