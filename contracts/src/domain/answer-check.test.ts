import { describe, expect, it } from 'vitest';
import {
  accentHint,
  checkTypedAnswer,
  editDistance,
  endsAnswer,
  gradePickedAnswer,
  gradeTypedAnswer,
  isRightRating,
  normalizeAnswer,
} from './answer-check';
import * as domain from './index';

const outcome = (given: string, expected: string) => checkTypedAnswer(given, expected).outcome;

describe('checkTypedAnswer', () => {
  it('ignores case, surrounding spaces and punctuation, and runs of spaces', () => {
    expect(outcome('  DER   hund! ', 'der Hund')).toBe('correct');
    expect(outcome('«maison»', 'Maison')).toBe('correct');
    expect(outcome('¿dónde?', 'dónde')).toBe('correct');
    expect(outcome('СОБАКА.', 'собака')).toBe('correct');
    expect(outcome('aujourd’hui', "aujourd'hui")).toBe('correct');
    expect(normalizeAnswer('  Zum \n Beispiel… ')).toBe('zum beispiel');
  });

  it('an empty answer or another word is wrong', () => {
    expect(outcome('', 'Hund')).toBe('wrong');
    expect(outcome('  ?! ', 'Hund')).toBe('wrong');
    expect(outcome('Katze', 'Hund')).toBe('wrong');
    expect(outcome('perro', 'gato')).toBe('wrong');
  });

  it('German: a missing umlaut or ß is an accent miss, with the letters to check', () => {
    expect(checkTypedAnswer('Muller', 'Müller')).toEqual({ outcome: 'accent', marks: ['ü'] });
    expect(checkTypedAnswer('Mueller', 'Müller')).toEqual({ outcome: 'accent', marks: ['ü'] });
    expect(checkTypedAnswer('die Strasse', 'die Straße')).toEqual({ outcome: 'accent', marks: ['ß'] });
    expect(checkTypedAnswer('schon', 'schön')).toEqual({ outcome: 'accent', marks: ['ö'] });
    expect(outcome('Mädchen', 'Mädchen')).toBe('correct');
  });

  it('French: missing or wrong accents, and œ spelled oe', () => {
    expect(checkTypedAnswer('eleve', 'élève')).toEqual({ outcome: 'accent', marks: ['é', 'è'] });
    expect(checkTypedAnswer('élevé', 'élève')).toEqual({ outcome: 'accent', marks: ['è'] });
    expect(checkTypedAnswer('oeuf', 'œuf')).toEqual({ outcome: 'accent', marks: ['œ'] });
    expect(outcome('garcon', 'garçon')).toBe('accent');
  });

  it('Spanish: missing tildes and accents', () => {
    expect(checkTypedAnswer('manana', 'mañana')).toEqual({ outcome: 'accent', marks: ['ñ'] });
    expect(outcome('cancion', 'canción')).toBe('accent');
  });

  it('Russian: е for ё is an accent miss, not a fail', () => {
    expect(checkTypedAnswer('еж', 'ёж')).toEqual({ outcome: 'accent', marks: ['ё'] });
    expect(outcome('все', 'всё')).toBe('accent');
  });

  it('one typo in a word of 5+ letters counts (a swap, a missing, extra or changed letter)', () => {
    expect(outcome('Katez', 'Katze')).toBe('typo'); // swap
    expect(outcome('Fenser', 'Fenster')).toBe('typo'); // missing
    expect(outcome('maisonn', 'maison')).toBe('typo'); // extra
    expect(outcome('ventanq', 'ventana')).toBe('typo'); // changed
    expect(outcome('сабака', 'собака')).toBe('typo');
    expect(outcome('der Hnud', 'der Hund')).toBe('wrong'); // 4 letters: no typo forgiven
    expect(outcome('Hnud', 'Hund')).toBe('wrong');
    expect(outcome('Fnester', 'Fenster')).toBe('typo');
    expect(outcome('Fenstre', 'Fenster')).toBe('typo');
    expect(outcome('Fnestre', 'Fenster')).toBe('wrong'); // two edits
    expect(outcome('die Kaetze', 'der Katze')).toBe('wrong'); // two words off
    expect(outcome('Muler', 'Müller')).toBe('typo'); // a typo on top of an accent miss still counts as a typo
  });

  it('measures Damerau-Levenshtein distance with adjacent swaps', () => {
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ёж', 'еж')).toBe(1);
  });
});

describe('grading', () => {
  it('maps typed attempts to FSRS ratings', () => {
    expect(gradeTypedAnswer(['correct'])).toBe('good');
    expect(gradeTypedAnswer(['typo'])).toBe('hard');
    expect(gradeTypedAnswer(['accent', 'correct'])).toBe('hard');
    expect(gradeTypedAnswer(['accent', 'accent'])).toBe('hard');
    expect(gradeTypedAnswer(['accent', 'wrong'])).toBe('again');
    expect(gradeTypedAnswer(['wrong'])).toBe('again');
  });

  it('gives one more try only after an accent miss', () => {
    expect(endsAnswer(['accent'])).toBe(false);
    expect(endsAnswer(['accent', 'accent'])).toBe(true);
    expect(endsAnswer(['correct'])).toBe(true);
    expect(endsAnswer(['wrong'])).toBe(true);
    expect(endsAnswer(['typo'])).toBe(true);
  });

  it('maps a picked option to Good or Again, and counts all but Again as right', () => {
    expect(gradePickedAnswer(true)).toBe('good');
    expect(gradePickedAnswer(false)).toBe('again');
    expect(['again', 'hard', 'good', 'easy'].map((r) => isRightRating(r as 'again'))).toEqual([false, true, true, true]);
  });

  it('hints at the letters, not the answer', () => {
    expect(accentHint(['ü'])).toBe('Check the accents: ü');
    expect(accentHint([])).toBe('Check the accents');
  });

  it('is exported from the domain entry point', () => {
    expect(domain.checkTypedAnswer).toBe(checkTypedAnswer);
    expect(domain.gradeTypedAnswer).toBe(gradeTypedAnswer);
  });
});
