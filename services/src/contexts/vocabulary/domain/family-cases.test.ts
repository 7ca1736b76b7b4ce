import { describe, expect, it } from 'vitest';
import { familyBase, familyBaseOf, familyCounts, type LearningLanguage } from '@verba/contracts';
import { baseForms } from '../../../platform/base-forms';

/**
 * Family counting on the bundled dictionaries themselves (issue 38.2), per language: irregular forms fall in
 * their base word's family, and a base word the dictionary gets wrong, corrected by an admin or split off by
 * the learner, counts where it belongs (the route and analytics use these same rules: contracts' familyBase).
 */
const CASES: Record<
  LearningLanguage,
  { irregular: [string, string[]]; other: [string, string[]]; wrong: { form: string; given: string; right: string } }
> = {
  de: {
    irregular: ['sein', ['bin', 'war', 'gewesen']],
    other: ['haus', ['häuser']],
    wrong: { form: 'seine', given: 'seine', right: 'sein' },
  },
  fr: { irregular: ['aller', ['vais', 'allons', 'irai']], other: ['œil', ['yeux']], wrong: { form: 'été', given: 'être', right: 'été' } },
  es: { irregular: ['ir', ['fui', 'voy', 'iba']], other: ['luz', ['luces']], wrong: { form: 'sé', given: 'ser', right: 'saber' } },
  ru: {
    irregular: ['идти', ['шёл', 'шла', 'иду']],
    other: ['человек', ['люди', 'людей']],
    wrong: { form: 'её', given: 'её', right: 'она' },
  },
};

for (const [language, c] of Object.entries(CASES) as [LearningLanguage, (typeof CASES)[LearningLanguage]][]) {
  describe(`family counting on the ${language} dictionary`, () => {
    const analyser = async () => {
      const forms = await baseForms.of(language);
      return (word: string) => forms.baseOf(word);
    };
    const known = (...words: string[]) => words.map((word) => ({ word, status: 'known' }));

    it('links each irregular form and the other word’s forms to their base words', async () => {
      const baseOf = await analyser();
      const [base, forms] = c.irregular;
      expect(forms.map(baseOf)).toEqual(forms.map(() => base));
      expect(c.other[1].map(baseOf)).toEqual(c.other[1].map(() => c.other[0]));
      expect(familyCounts(known(base, ...forms, ...c.other[1]), baseOf)).toEqual({ familiesKnown: 2, familiesUncertain: 0 });
    });

    it('gives the wrong base word the case names, and the corrected one once an admin sets it', async () => {
      const baseOf = await analyser();
      const { form, given, right } = c.wrong;
      expect(baseOf(form)).toBe(given);
      const corrected = new Map([[form, right]]);
      expect(familyBase(form, baseOf, { corrected })).toEqual({ base: right, source: 'corrected' });
      expect(familyCounts(known(form, right), familyBaseOf(baseOf, { corrected })).familiesKnown).toBe(1);
    });

    it('counts a form the learner split off as a family of its own', async () => {
      const baseOf = await analyser();
      const [base, forms] = c.irregular;
      const own = new Map([[forms[0]!, forms[0]!]]);
      expect(familyCounts(known(base, ...forms), familyBaseOf(baseOf, { own })).familiesKnown).toBe(2);
    });
  });
}
