import { describe, expect, it } from 'vitest';
import { WORD_LIST_MESSAGES, parseWordList, planWordImport, wordListCsv } from './word-lists';

/** LUTE's term export (Terms.csv): term, parent, translation, language, tags, added, status, link_status, pronunciation. */
const LUTE = `term,parent,translation,language,tags,added,status,link_status,pronunciation
Hund,,dog,German,noun,2024-01-02 10:00:00,5,,
Katze,,cat,German,,2024-01-02 10:00:00,2,,
laufen,,to run,German,,2024-01-02 10:00:00,99,,
der,,the,German,,2024-01-02 10:00:00,98,,
"guten Morgen",,good morning,German,,2024-01-02 10:00:00,1,,
"eins zwei drei vier fünf sechs sieben acht neun",,,German,,2024-01-02 10:00:00,1,,
gato,,cat,Spanish,,2024-01-02 10:00:00,3,,
Baum,,tree,German,,2024-01-02 10:00:00,,,
`;

/** A LingQ vocabulary export: term with its hint and fragment; status 0-3 (new to learned), extended_status 3 = known. */
const LINGQ = `term\thint\tfragment\tstatus\textended_status\ttags
haus\thouse\tdas Haus ist groß\t0\t\t
Wald\tforest\tim Wald\t2\t\t
Sonne\tsun\tdie Sonne scheint\t3\t\t
Mond\tmoon\tder Mond\t3\t3\t
Stern\tstar\tein Stern\t1\t3\t
Krüger\t\tHerr Krüger\tignored\t\t
Leipzig\t\tin Leipzig\t0\tignored\t
`;

describe('word lists in (CSV)', () => {
  it("reads LUTE's export: 1-4 Uncertain, 5 and 99 Known, 98 Ignored (kept), phrases of up to 8 words kept, other languages skipped", () => {
    const list = parseWordList(LUTE, 'de');
    expect(list.format).toBe('lute');
    expect([...list.words]).toEqual([
      ['hund', 'known'],
      ['katze', 'uncertain'],
      ['laufen', 'known'],
      ['der', 'ignored'],
      ['guten morgen', 'uncertain'],
      ['baum', 'uncertain'],
    ]);
    expect(list.skipped).toEqual([
      { line: 7, reason: 'phrase' },
      { line: 8, reason: 'other language' },
    ]);
    expect([...parseWordList(LUTE, 'es').words]).toEqual([['gato', 'uncertain']]);
  });

  it("reads LingQ's export (tab-separated): statuses 0-2 Uncertain, 3 and extended status 3 Known, ignored rows Ignored", () => {
    const list = parseWordList(LINGQ, 'de');
    expect(list.format).toBe('lingq');
    expect(Object.fromEntries(list.words)).toEqual({
      haus: 'uncertain',
      wald: 'uncertain',
      sonne: 'known',
      mond: 'known',
      stern: 'known',
      krüger: 'ignored',
      leipzig: 'ignored',
    });
    expect(list.skipped).toEqual([]);
  });

  it('reads plain word lists: status words, a list without status as Known, spreadsheet-quoted cells, last row wins', () => {
    expect(Object.fromEntries(parseWordList('word\nHaus\n"Straße,"\n', 'de').words)).toEqual({ haus: 'known', straße: 'known' });
    const list = parseWordList(
      "\ufeffterm,status\nHaus,learned\nBaum,learning\n'-heit,new\nHaus,uncertain\n123,known\nTür,maybe\nKrüger,ignored\nBerlin,I\n",
      'de',
    );
    expect(Object.fromEntries(list.words)).toEqual({
      haus: 'uncertain',
      baum: 'uncertain',
      heit: 'uncertain',
      krüger: 'ignored',
      berlin: 'ignored',
    });
    expect(list.skipped).toEqual([
      { line: 6, reason: 'not a word' },
      { line: 7, reason: 'unknown status' },
    ]);
  });

  it('says clearly what is wrong with a file that is not a word list', () => {
    expect(() => parseWordList('', 'de')).toThrow(WORD_LIST_MESSAGES.empty);
    expect(() => parseWordList('name,age\nAnna,3\n', 'de')).toThrow(WORD_LIST_MESSAGES.noWordColumn);
    expect(() =>
      parseWordList(`word\n${Array.from({ length: 20_001 }, (_, i) => `wort${String.fromCharCode(97 + (i % 26))}${i}`).join('\n')}`, 'de'),
    ).toThrow(WORD_LIST_MESSAGES.tooMany);
  });

  it('previews what an import changes: new Known, Uncertain and Ignored, changed, unchanged and skipped, removing nothing', () => {
    const list = parseWordList(LUTE, 'de');
    const dictionary = new Map([
      ['hund', 'known' as const],
      ['katze', 'known' as const],
      ['haus', 'uncertain' as const],
    ]);
    const plan = planWordImport(list, dictionary);
    expect(plan.counts).toEqual({ newKnown: 1, newUncertain: 2, newIgnored: 1, changed: 1, unchanged: 1, skipped: 2 });
    expect(plan.send).toEqual({ known: ['laufen'], uncertain: ['katze', 'guten morgen', 'baum'], ignored: ['der'] });
    expect(plan.changes).toEqual([{ word: 'katze', from: 'known', to: 'uncertain' }]);
  });

  it('plans an Ignored word of the dictionary that the file has Known as a change, and one still Ignored as unchanged', () => {
    const list = parseWordList('term,status\nLeipzig,known\nKrüger,ignored\n', 'de');
    const plan = planWordImport(
      list,
      new Map([
        ['leipzig', 'ignored' as const],
        ['krüger', 'ignored' as const],
      ]),
    );
    expect(plan.counts).toMatchObject({ changed: 1, unchanged: 1, newIgnored: 0 });
    expect(plan.changes).toEqual([{ word: 'leipzig', from: 'ignored', to: 'known' }]);
  });
});

describe('word lists out (CSV)', () => {
  it('writes every word with its status, Ignored included, and reads back into the same statuses', () => {
    const words = [
      { value: 'haus', status: 'known' as const },
      { value: 'krüger', status: 'ignored' as const },
      { value: '-heit', status: 'uncertain' as const },
      { value: 'a"b,c', status: 'known' as const },
    ];
    const csv = wordListCsv(words);
    expect(csv.split('\r\n')).toEqual(['term,status', 'haus,known', 'krüger,ignored', "'-heit,uncertain", '"a""b,c",known', '']);
    const back = parseWordList(csv, 'de');
    expect(back.format).toBe('list');
    expect(Object.fromEntries(back.words)).toEqual({ haus: 'known', krüger: 'ignored', heit: 'uncertain', 'a"b,c': 'known' });
  });
});
