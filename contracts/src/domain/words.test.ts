import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { segment, splitList, splitWordList, splitWords, tokenize, wordKey } from './words';

const kinds = (text: string) => tokenize(text).map((t) => `${t.kind}:${t.text}`);

describe('tokenize', () => {
  it('alternates words and the text between them', () => {
    expect(kinds('Hallo, Welt!')).toEqual(['word:Hallo', 'other:, ', 'word:Welt', 'other:!']);
  });

  it('gives every word its key and no key to other text', () => {
    const [hallo, comma] = tokenize('Straße, ');
    expect(hallo).toEqual({ kind: 'word', text: 'Straße', key: 'straße' });
    expect(comma).toEqual({ kind: 'other', text: ', ' });
  });

  it('returns no tokens for empty text and a single other token for punctuation only', () => {
    expect(tokenize('')).toEqual([]);
    expect(kinds(' ... ')).toEqual(['other: ... ']);
  });

  it('merges numbers into the surrounding other text (numbers are not words)', () => {
    expect(kinds('Im Jahr 2024, um 3,5 Uhr')).toEqual([
      'word:Im',
      'other: ',
      'word:Jahr',
      'other: 2024, ',
      'word:um',
      'other: 3,5 ',
      'word:Uhr',
    ]);
  });

  it('keeps letters-with-digits together as one word', () => {
    expect(splitWords('H2O und COVID-19')).toEqual(['H2O', 'und', 'COVID-19']);
  });
});

describe('splitWords: German', () => {
  it('keeps ß, umlauts and long compounds whole', () => {
    expect(splitWords('Die Donaudampfschifffahrtsgesellschaft fährt über die Straße.')).toEqual([
      'Die',
      'Donaudampfschifffahrtsgesellschaft',
      'fährt',
      'über',
      'die',
      'Straße',
    ]);
  });

  it('keeps hyphenated names whole but splits at a dangling hyphen', () => {
    expect(splitWords('Baden-Württemberg')).toEqual(['Baden-Württemberg']);
    expect(splitWords('Haupt- und Nebensatz')).toEqual(['Haupt', 'und', 'Nebensatz']);
    expect(splitWords('Ja -- nein')).toEqual(['Ja', 'nein']);
    expect(splitWords('a--b')).toEqual(['a', 'b']);
  });

  it('keeps decomposed umlauts (combining marks) inside the word', () => {
    expect(splitWords('Mu\u0308nchen')).toEqual(['Mu\u0308nchen']);
  });

  it('joins soft-hyphenated words and drops the soft hyphen from the key', () => {
    const [token] = tokenize('Donau\u00ADdampf');
    expect(token).toEqual({ kind: 'word', text: 'Donau\u00ADdampf', key: 'donaudampf' });
  });

  it("keeps contractions like geht's whole", () => {
    expect(splitWords("Wie geht's?")).toEqual(['Wie', "geht's"]);
  });
});

describe('splitWords: French', () => {
  it.each([
    ["l'homme", ["l'", 'homme']],
    ["d'accord", ["d'", 'accord']],
    ["j'ai", ["j'", 'ai']],
    ["qu'il", ["qu'", 'il']],
    ["n'est", ["n'", 'est']],
    ["s'il", ["s'", 'il']],
    ["c'est", ["c'", 'est']],
    ["m'appelle", ["m'", 'appelle']],
    ["t'aime", ["t'", 'aime']],
    ["jusqu'à", ["jusqu'", 'à']],
    ["lorsqu'on", ["lorsqu'", 'on']],
    ["puisqu'elle", ["puisqu'", 'elle']],
  ])('splits the elision in %s', (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });

  it('splits elisions written with the typographic apostrophe and in capitals', () => {
    expect(splitWords('L’homme')).toEqual(['L’', 'homme']);
    expect(splitWords("C'EST")).toEqual(["C'", 'EST']);
  });

  it("keeps aujourd'hui and other lexical apostrophes whole", () => {
    expect(splitWords("aujourd'hui")).toEqual(["aujourd'hui"]);
    expect(splitWords('aujourd’hui')).toEqual(['aujourd’hui']);
    expect(splitWords("quelqu'un presqu'île prud'homme")).toEqual(["quelqu'un", "presqu'île", "prud'homme"]);
  });

  it('splits chained elisions in front of a whole word', () => {
    expect(splitWords("d'aujourd'hui")).toEqual(["d'", "aujourd'hui"]);
    expect(splitWords("jusqu'aujourd'hui")).toEqual(["jusqu'", "aujourd'hui"]);
  });

  it('does not treat a stem inside a word as an elision', () => {
    expect(splitWords("Hans' Buch")).toEqual(['Hans', 'Buch']);
  });

  it('keeps the apostrophe with an elided word even before a space', () => {
    expect(kinds("l' homme")).toEqual(["word:l'", 'other: ', 'word:homme']);
  });

  it('keeps hyphenated French words whole', () => {
    expect(splitWords('Peut-être, est-ce vrai ? Va-t-il venir ?')).toEqual(['Peut-être', 'est-ce', 'vrai', 'Va-t-il', 'venir']);
  });

  it('treats guillemets as other text', () => {
    expect(kinds('«Oui»')).toEqual(['other:«', 'word:Oui', 'other:»']);
  });
});

describe('splitWords: Spanish', () => {
  it('never includes ¿ or ¡ in a word', () => {
    expect(kinds('¿Qué tal? ¡Muy bien!')).toEqual([
      'other:¿',
      'word:Qué',
      'other: ',
      'word:tal',
      'other:? ¡',
      'word:Muy',
      'other: ',
      'word:bien',
      'other:!',
    ]);
  });

  it('keeps ñ and accents', () => {
    expect(splitWords('El niño comió piña.')).toEqual(['El', 'niño', 'comió', 'piña']);
  });
});

describe('splitWords: Russian', () => {
  it('splits Cyrillic and keeps ё as written', () => {
    expect(splitWords('Всё хорошо, ёжик!')).toEqual(['Всё', 'хорошо', 'ёжик']);
  });

  it('keeps hyphenated Russian words whole', () => {
    expect(splitWords('Кто-нибудь пришёл?')).toEqual(['Кто-нибудь', 'пришёл']);
  });
});

describe('wordKey', () => {
  it('lowercases and strips punctuation at the edges only', () => {
    expect(wordKey('«Straße»,')).toBe('straße');
    expect(wordKey('¿Qué?')).toBe('qué');
    expect(wordKey('"Peut-être"')).toBe('peut-être');
  });

  it('normalizes to NFC so composed and decomposed spellings match', () => {
    expect(wordKey('Mu\u0308nchen')).toBe('m\u00FCnchen');
    expect(wordKey('Mu\u0308nchen')).toBe(wordKey('München'));
  });

  it('unifies typographic apostrophes and Unicode hyphens', () => {
    expect(wordKey('Aujourd’hui')).toBe("aujourd'hui");
    expect(wordKey('peut\u2011être')).toBe('peut-être');
  });

  it('keeps the apostrophe of an elided word, drops other edge apostrophes', () => {
    expect(wordKey('L’')).toBe("l'");
    expect(wordKey("Jusqu'")).toBe("jusqu'");
    expect(wordKey("Hans'")).toBe('hans');
    expect(wordKey("'Hallo'")).toBe('hallo');
  });

  it('keeps ё distinct from е (всё ≠ все) and lowercases Ё', () => {
    expect(wordKey('Всё')).toBe('всё');
    expect(wordKey('ЁЖИК')).toBe('ёжик');
    expect(wordKey('все')).not.toBe(wordKey('всё'));
    expect(wordKey('е\u0308')).toBe('ё');
  });

  it('does not fold ß into ss, and lowercases capital ẞ to ß', () => {
    expect(wordKey('STRASSE')).toBe('strasse');
    expect(wordKey('STRAẞE')).toBe('straße');
    expect(wordKey('STRASSE')).not.toBe(wordKey('Straße'));
  });

  it('is locale-insensitive (I → i, not Turkish ı)', () => {
    expect(wordKey('IDEE')).toBe('idee');
  });

  it('returns an empty key for numbers and punctuation', () => {
    expect(wordKey('2024')).toBe('');
    expect(wordKey('...')).toBe('');
    expect(wordKey('')).toBe('');
  });
});

describe('splitList', () => {
  it('splits on commas and semicolons and trims', () => {
    expect(splitList(' Haus, Hund;Katze ;  Maus ')).toEqual(['Haus', 'Hund', 'Katze', 'Maus']);
  });

  it('drops empty items', () => {
    expect(splitList('a,, ;b;')).toEqual(['a', 'b']);
    expect(splitList('')).toEqual([]);
    expect(splitList(' ; , ')).toEqual([]);
  });

  it('keeps spaces inside items', () => {
    expect(splitList('ice cream, peut-être')).toEqual(['ice cream', 'peut-être']);
  });
});

describe('tokenize properties', () => {
  const interesting = fc.constantFrom(
    'a',
    'Z',
    'ß',
    'ü',
    'é',
    'ё',
    'Ж',
    'ñ',
    'l',
    'd',
    'qu',
    'jusqu',
    '\u0301',
    '\u00AD',
    "'",
    '’',
    '-',
    '\u2011',
    ' ',
    '\n',
    '¿',
    '¡',
    '«',
    '»',
    '.',
    ',',
    '1',
    '9',
    '\uD800',
    '😀',
  );
  const textArb = fc.oneof(fc.string({ unit: interesting, maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));

  it('segment splits exactly as tokenize does, without the keys', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(segment(text)).toEqual(tokenize(text).map(({ kind, text: part }) => ({ kind, text: part })));
      }),
      { numRuns: 2000 },
    );
  });

  it("a word's key is the same whether it stands alone (the plain-word shortcut) or in punctuation (the full path)", () => {
    fc.assert(
      fc.property(fc.string({ unit: interesting, minLength: 1, maxLength: 12 }), (text) => {
        for (const token of tokenize(text)) {
          if (token.kind === 'word') expect(wordKey(`«${token.text}».`)).toBe(wordKey(token.text));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('concatenating token texts gives back the original text exactly', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(
          tokenize(text)
            .map((t) => t.text)
            .join(''),
        ).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('has no empty tokens and never two other tokens in a row', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const tokens = tokenize(text);
        tokens.forEach((token, i) => {
          expect(token.text).not.toBe('');
          if (i > 0 && token.kind === 'other') expect(tokens[i - 1]?.kind).toBe('word');
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('every word has a non-empty key that is stable under wordKey', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        for (const token of tokenize(text)) {
          if (token.kind !== 'word') continue;
          expect(token.key).toBe(wordKey(token.text));
          expect(token.key).not.toBe('');
          expect(wordKey(token.key)).toBe(token.key);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('splitWords is exactly the word tokens', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(splitWords(text)).toEqual(
          tokenize(text)
            .filter((t) => t.kind === 'word')
            .map((t) => t.text),
        );
      }),
    );
  });
});

describe('splitWordList', () => {
  it('splits a pasted list on commas, semicolons and line breaks into word keys, once each', () => {
    expect(splitWordList('Haus, Hund;Katze\n  Maus \r\n„Hund“\n\nDas!')).toEqual({
      words: ['haus', 'hund', 'katze', 'maus', 'das'],
      skipped: [],
    });
  });

  it('skips phrases and items without letters, as written', () => {
    expect(splitWordList('ice cream, 42; peut-être\n...\nl’homme')).toEqual({
      words: ['peut-être'],
      skipped: ['ice cream', '42', '...', 'l’homme'],
    });
  });
});
