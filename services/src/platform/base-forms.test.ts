import { describe, expect, it } from 'vitest';
import { familyCounts, familyLevelHint, type LearningLanguage } from '@verba/contracts';
import { BaseForms, SharedBaseForms } from './base-forms';

/** Forms the shipped dictionaries link to their base word (irregular ones first), and words that are their own base. */
const CASES: Record<
  LearningLanguage,
  { forms: [string, string][]; family: { words: [string, string][]; known: number; uncertain: number } }
> = {
  de: {
    forms: [
      ['gehen', 'gehen'],
      ['ging', 'gehen'],
      ['gegangen', 'gehen'],
      ['gehst', 'gehen'],
      ['gingen', 'gehen'], // gehen|ging: the form's first base other than itself
      ['bin', 'sein'],
      ['war', 'sein'],
      ['gewesen', 'sein'],
      ['aß', 'essen'],
      ['isst', 'essen'],
      ['häuser', 'haus'], // the dictionary's "Häuser", read as the learner's key
      ['kinder', 'kind'],
      ['kleine', 'klein'], // the lower-case key's link, not the noun "Kleine"
      ['besser', 'besser'],
      ['leipzig', 'leipzig'], // not linked: its own base
    ],
    family: {
      words: [
        ['gehen', 'known'],
        ['ging', 'known'],
        ['gegangen', 'known'],
        ['gehst', 'uncertain'],
        ['bin', 'uncertain'],
        ['ist', 'known'],
        ['aß', 'uncertain'],
        ['häuser', 'uncertain'],
        ['haus', 'ignored'],
        ['leipzig', 'ignored'],
      ],
      known: 2, // gehen, sein
      uncertain: 2, // essen, haus (through "häuser"; the Ignored "haus" counts nowhere)
    },
  },
  fr: {
    forms: [
      ['être', 'être'],
      ['suis', 'être'], // être|suivre: the first
      ['été', 'être'],
      ['fut', 'être'],
      ['sont', 'être'],
      ['ai', 'avoir'],
      ['eu', 'avoir'],
      ['vais', 'aller'],
      ['allé', 'aller'],
      ['iront', 'aller'],
      ['yeux', 'œil'],
      ['chevaux', 'cheval'],
      ['faisons', 'faire'],
      ['mieux', 'mieux'],
    ],
    family: {
      words: [
        ['suis', 'known'],
        ['été', 'known'],
        ['fut', 'uncertain'],
        ['vais', 'uncertain'],
        ['iront', 'uncertain'],
        ['yeux', 'known'],
        ['œil', 'known'],
        ['chevaux', 'ignored'],
        ['paris', 'ignored'],
        ['mieux', 'uncertain'],
      ],
      known: 2, // être, œil
      uncertain: 2, // aller, mieux
    },
  },
  es: {
    forms: [
      ['ir', 'ir'],
      ['fui', 'ir'], // ir|ser: the first
      ['voy', 'ir'],
      ['iba', 'ir'],
      ['va', 'ir'],
      ['soy', 'ser'],
      ['era', 'ser'],
      ['tengo', 'tener'],
      ['tuve', 'tener'],
      ['hizo', 'hacer'],
      ['dije', 'decir'],
      ['casas', 'casa'],
      ['mejores', 'mejor'],
    ],
    family: {
      words: [
        ['voy', 'known'],
        ['iba', 'known'],
        ['fui', 'uncertain'],
        ['soy', 'uncertain'],
        ['era', 'uncertain'],
        ['tengo', 'known'],
        ['tuve', 'ignored'],
        ['hizo', 'ignored'],
        ['casas', 'uncertain'],
        ['casa', 'known'],
      ],
      known: 3, // ir, tener, casa
      uncertain: 1, // ser
    },
  },
  ru: {
    forms: [
      ['быть', 'быть'],
      ['был', 'быть'],
      ['была', 'быть'],
      ['есть', 'быть'],
      ['будет', 'быть'],
      ['иду', 'идти'],
      ['шёл', 'идти'],
      ['шла', 'идти'],
      ['люди', 'человек'],
      ['дети', 'ребёнок'],
      ['детей', 'ребёнок'],
      ['хорошо', 'хорошо'],
    ],
    family: {
      words: [
        ['был', 'known'],
        ['есть', 'known'],
        ['будет', 'uncertain'],
        ['шёл', 'uncertain'],
        ['иду', 'uncertain'],
        ['люди', 'known'],
        ['человек', 'uncertain'],
        ['дети', 'ignored'],
        ['москва', 'ignored'],
        ['хорошо', 'known'],
      ],
      known: 3, // быть, человек, хорошо
      uncertain: 1, // идти
    },
  },
};

const shared = new SharedBaseForms();

describe.each(Object.keys(CASES) as LearningLanguage[])('word families of the %s dictionary', (language) => {
  const { forms, family } = CASES[language];

  it.each(forms)('%s belongs to %s', async (form, base) => {
    expect((await shared.of(language)).baseOf(form)).toBe(base);
  });

  it('counts the dictionary by family: one Known form knows its family; Ignored words count nowhere', async () => {
    const bases = await shared.of(language);
    const counts = familyCounts(
      family.words.map(([word, status]) => ({ word, status })),
      (word) => bases.baseOf(word),
    );
    expect(counts).toEqual({ familiesKnown: family.known, familiesUncertain: family.uncertain });
    expect(familyLevelHint(counts)).toBe('A1');
  });
});

describe('base forms', () => {
  it('are read once per language, on first use', async () => {
    const forms = new SharedBaseForms();
    const first = forms.of('fr');
    expect(forms.of('fr')).toBe(first);
    expect((await first).size).toBeGreaterThan(100_000);
  });

  it('read ё where the dictionary writes е', () => {
    const bases = BaseForms.fromTsv('ru', Buffer.from('пришел\t\tприйти\nприйти\tcome\t\n'));
    expect(bases.baseOf('пришёл')).toBe('прийти');
    expect(bases.baseOf('пришел')).toBe('прийти');
  });

  it('let a lower-case key decide over the capitalized one', () => {
    const bases = BaseForms.fromTsv('de', Buffer.from('Essen\tfood\t\nKleine\t\tKleiner\nessen\teat\t\nkleine\t\tklein\n'));
    expect(bases.baseOf('kleine')).toBe('klein');
    expect(bases.baseOf('essen')).toBe('essen');
    const noun = BaseForms.fromTsv('de', Buffer.from('Aale\teels\tAal\nWeg\tway\tweg\nweg\taway\t\n'));
    expect(noun.baseOf('aale')).toBe('aal');
    expect(noun.baseOf('weg')).toBe('weg');
  });

  it('are there at once for code that cannot wait, and the same table for a later wait', async () => {
    const forms = new SharedBaseForms();
    const now = forms.now('es');
    expect(now.baseOf('fui')).toBe('ir');
    expect(forms.now('es')).toBe(now);
    expect(await forms.of('es')).toBe(now);
  });

  it('fail on a missing dictionary file', async () => {
    expect(() => new SharedBaseForms('/nonexistent').now('de')).toThrow(/ENOENT/);
    await expect(new SharedBaseForms('/nonexistent').of('de')).rejects.toThrow(/ENOENT/);
  });
});
