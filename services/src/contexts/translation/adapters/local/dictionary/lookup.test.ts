import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskDictionary } from './disk-dictionary';
import { lookUpWord, writtenAsName } from './lookup';
import { romanNumeral, transliterate } from './names';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'verba-dictionary-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A dictionary file as tools/dictionaries/build.mjs writes it (lines sorted by the UTF-8 bytes of the key), opened from disk. */
async function dictionaryOf(name: string, lines: string[]): Promise<DiskDictionary> {
  const sorted = [...lines].sort((a, b) => Buffer.compare(Buffer.from(a.split('\t')[0]!), Buffer.from(b.split('\t')[0]!)));
  const file = path.join(scratch, `${name}.tsv.gz`);
  fs.writeFileSync(file, gzipSync(`${sorted.join('\n')}\n`));
  return DiskDictionary.open(file, path.join(scratch, 'cache'));
}

const german = await dictionaryOf('de', [
  'apfel\tapple\t',
  'kuchen\tcake; pie\t',
  'arbeit\twork\t',
  'zimmer\troom\t',
  'haus\thouse; home\t',
  'häuser\thouses\thaus',
  'kontor\toffice\t',
  'viertel\tquarter; district\t',
  'welterbe\tworld heritage\t',
  'gegessen\teaten\tessen',
  'plätzen\t\tplatz',
  'platz\tsquare; place\t',
  'camping\tcamping\t',
  'Essen\tfood; meal\t',
  'essen\teat\t',
  'Kleine\tlittle one\t',
  'kleine\t\tklein',
  'klein\tsmall; little\t',
  'mittag\tnoon; midday\t',
]);
const russian = await dictionaryOf('ru', [
  'ёлка\tfir tree\t',
  'идти\tgo; walk\t',
  'идет\t\tидти',
  'сталь\tsteel\t',
  'стать\tbecome; begin\t',
  'стали\t\tсталь|стать',
]);

describe('the dictionary file', () => {
  it('finds every key (binary search over the blocks, then a scan of one block), and nothing else', async () => {
    for (const key of ['apfel', 'häuser', 'zimmer', 'camping', 'gegessen']) expect(german.get(key), key).toBeDefined();
    for (const key of ['', 'a', 'zzz', 'häus', 'hauser', 'apfelkuchen']) expect(german.get(key), key).toBeUndefined();
    expect(german.get('häuser')).toEqual({ glosses: ['houses'], lemmas: ['haus'] });
    expect(german.get('kuchen')).toEqual({ glosses: ['cake', 'pie'], lemmas: [] });
    expect(russian.get('стали')).toEqual({ glosses: [], lemmas: ['сталь', 'стать'] });
    expect(german.size).toBe(19);
    // Many blocks: every key of a long file is found, and the keys between them are not.
    const many = await dictionaryOf(
      'many',
      Array.from({ length: 1000 }, (_, i) => `k${String(i * 2).padStart(5, '0')}\tg${i}\t`),
    );
    for (let i = 0; i < 1000; i++) {
      expect(many.get(`k${String(i * 2).padStart(5, '0')}`)?.glosses).toEqual([`g${i}`]);
      expect(many.get(`k${String(i * 2 + 1).padStart(5, '0')}`)).toBeUndefined();
    }
  });
});

describe('looking a word up', () => {
  it('gives the glosses of a headword, and names its lemma when the word is an inflected form', () => {
    expect(lookUpWord(german, 'de', 'Haus')).toEqual({ glosses: ['house', 'home'], kind: 'entry' });
    expect(lookUpWord(german, 'de', 'gegessen')).toEqual({ glosses: ['eaten'], kind: 'entry', lemma: 'essen' });
    expect(lookUpWord(russian, 'ru', 'стали')).toEqual({ glosses: ['steel', 'become', 'begin'], lemma: 'сталь / стать', kind: 'lemma' });
  });

  it('tells a German noun from the lower-case word spelt like it, by the capital it is written with', () => {
    expect(lookUpWord(german, 'de', 'Essen')).toEqual({ glosses: ['food', 'meal'], kind: 'entry' });
    expect(lookUpWord(german, 'de', 'essen')).toEqual({ glosses: ['eat'], kind: 'entry' });
    expect(lookUpWord(german, 'de', 'kleine')).toEqual({ glosses: ['small', 'little'], lemma: 'klein', kind: 'lemma' });
    expect(lookUpWord(german, 'de', 'Kleine')).toEqual({ glosses: ['little one'], kind: 'entry' });
    // A noun without a lower-case twin is under its lower-case key, whatever its spelling.
    expect(lookUpWord(german, 'de', 'Haus')).toEqual({ glosses: ['house', 'home'], kind: 'entry' });
  });

  it('reads ё as е when the dictionary spells the word with е', () => {
    expect(lookUpWord(russian, 'ru', 'идёт')).toEqual({ glosses: ['go', 'walk'], lemma: 'идти', kind: 'lemma' });
    expect(lookUpWord(russian, 'ru', 'ёлка')?.glosses).toEqual(['fir tree']);
  });

  it('splits German compounds into known parts, with or without a linking letter, inflected tails included', () => {
    // A compound is no form of its parts (issue 36.7: not "from apfel + kuchen"); an inflected one is a form of the compound.
    expect(lookUpWord(german, 'de', 'Apfelkuchen')).toEqual({ glosses: ['apple + cake'], kind: 'compound' });
    expect(lookUpWord(german, 'de', 'Arbeitszimmer')).toEqual({ glosses: ['work + room'], kind: 'compound' });
    expect(lookUpWord(german, 'de', 'Kontorhausviertel')).toMatchObject({ glosses: ['office + house + quarter'] });
    expect(lookUpWord(german, 'de', 'Campingplätzen')).toEqual({ glosses: ['camping + square'], lemma: 'campingplatz', kind: 'compound' });
    // Its parts are read as nouns: the meal, not "eat".
    expect(lookUpWord(german, 'de', 'Mittagessen')).toEqual({ glosses: ['noon + food'], kind: 'compound' });
    // Only German builds words this way.
    expect(lookUpWord(german, 'fr', 'Apfelkuchen')).toBeUndefined();
  });

  it('looks up each part of a hyphenated word, numbers standing for themselves', () => {
    expect(lookUpWord(german, 'de', 'Apfel-Kuchen')).toMatchObject({ glosses: ['apple + cake'] });
    expect(lookUpWord(german, 'de', '1960er-Häuser')).toMatchObject({ glosses: ['1960er + houses'] });
    expect(lookUpWord(german, 'de', 'Qwrx-Haus')).toBeUndefined();
  });

  it('answers a word the dictionary lacks with itself only when its sentence writes it as a name', () => {
    expect(lookUpWord(german, 'de', 'Krüger', 'Die Bäckerei von Frau Krüger ist warm.')).toEqual({ glosses: ['Krüger'], kind: 'name' });
    expect(lookUpWord(russian, 'ru', 'Маша', 'Сегодня Маша идёт в школу.')).toEqual({ glosses: ['Masha'], kind: 'name' });
    expect(lookUpWord(german, 'de', 'Krüger', 'Krüger backt Brot.')).toBeUndefined(); // first word: any word has a capital
    expect(lookUpWord(german, 'de', 'krüger', 'Die Frau krüger.')).toBeUndefined();
    expect(lookUpWord(german, 'de', 'Krüger')).toBeUndefined();
  });

  it('reads Roman numerals written in capitals', () => {
    expect(lookUpWord(russian, 'ru', 'XIX')).toEqual({ glosses: ['19'], kind: 'entry' });
    expect(lookUpWord(russian, 'ru', 'xix')).toBeUndefined();
  });
});

describe('names and numerals', () => {
  it('transliterates Russian names the way English texts write them', () => {
    expect(transliterate('Маша')).toBe('masha');
    expect(transliterate('Щукин')).toBe('shchukin');
    expect(transliterate('Юлия')).toBe('yuliya');
  });

  it('reads well-formed Roman numerals only', () => {
    expect(romanNumeral('xix')).toBe('19');
    expect(romanNumeral('mcmxc')).toBe('1990');
    expect(romanNumeral('iiii')).toBeUndefined();
    expect(romanNumeral('dim')).toBeUndefined();
  });

  it('tells a capital inside a sentence from one at its start (after quotes and punctuation too)', () => {
    expect(writtenAsName('Paul', 'Ihr Sohn Paul hilft ihr.')).toBe(true);
    expect(writtenAsName('Paul', 'Paul hilft ihr.')).toBe(false);
    expect(writtenAsName('Paul', '„Gern“, sagt Paul. „Paul!“')).toBe(true);
    expect(writtenAsName('Gern', '„Gern“, sagt Paul.')).toBe(false);
  });
});
