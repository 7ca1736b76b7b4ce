import { describe, expect, it } from 'vitest';
import { hasBlankLines, paragraphsFromText } from './plain-text';
import { fileTitle, leadingTitle, looksLikeTitle, TITLE_LINE_MAX } from './title';

const split = (text: string) => leadingTitle(paragraphsFromText(text), hasBlankLines(text));

describe("a text's first line as its title", () => {
  it('takes a short first line followed by a blank line, and drops it from the text', () => {
    expect(split('Ein Brief an Oma\n\nLiebe Oma, wie geht es dir?\nMir geht es gut.')).toEqual({
      title: 'Ein Brief an Oma',
      paragraphs: ['Liebe Oma, wie geht es dir?\nMir geht es gut.'],
    });
    expect(split('  Warum wir schlafen?\r\n\r\nWir schlafen viel.\r\n\r\nZu wenig.')).toEqual({
      title: 'Warum wir schlafen?',
      paragraphs: ['Wir schlafen viel.', 'Zu wenig.'],
    });
    expect(split('Kapitel 1.\n\nEs war einmal ein König.')).toMatchObject({ title: 'Kapitel 1.' });
  });

  it('takes a first line followed by a line break when it does not end as a sentence', () => {
    expect(split('Mein Sommer\nIch war am Meer. Es war schön.')).toEqual({
      title: 'Mein Sommer',
      paragraphs: ['Ich war am Meer. Es war schön.'],
    });
    expect(split('Mein Sommer\nIch war am Meer.\n\nDann kam der Herbst.')).toEqual({
      title: 'Mein Sommer',
      paragraphs: ['Ich war am Meer.', 'Dann kam der Herbst.'],
    });
  });

  it('keeps a first line that is a sentence, too long, or the whole text, in the text, and gives no title', () => {
    const keep = (text: string) => expect(split(text), text).toEqual({ paragraphs: paragraphsFromText(text) });
    keep('Heute war ein schöner Tag.\n\nMorgen fahren wir ans Meer.');
    keep('Ich heiße Anna.\nIch wohne in Berlin.'); // sentences one a line, short or not
    keep('Liebe Oma,\n\nwie geht es dir?');
    keep(`${'Wort '.repeat(30).trim()}\n\nDer Rest.`);
    keep('Nur ein Titel');
    keep('Der Anfang\n\n12345');
  });

  it('judges a line by length, letters and its last sign', () => {
    expect(looksLikeTitle('x'.repeat(TITLE_LINE_MAX), true)).toBe(true);
    expect(looksLikeTitle('x'.repeat(TITLE_LINE_MAX + 1), true)).toBe(false);
    expect(looksLikeTitle('2024', true)).toBe(false);
    expect(looksLikeTitle('Es war einmal ein König.', true)).toBe(false);
    expect(looksLikeTitle('Hallo Berlin!', true)).toBe(true);
    expect(looksLikeTitle('Hallo Berlin!', false)).toBe(false);
    expect(looksLikeTitle('Und dann...', true)).toBe(false);
    expect(looksLikeTitle('Zutaten:', true)).toBe(false);
  });
});

describe("a file's name as a title", () => {
  it('drops the extension and folders, reads separators as spaces, starts with a capital', () => {
    expect(fileTitle('mein_tagebuch.txt')).toBe('Mein tagebuch');
    expect(fileTitle('C:\\Texte\\die-reise--nach_rom.v2.txt')).toBe('Die reise nach rom v2');
    expect(fileTitle('école.txt')).toBe('École');
    expect(fileTitle('___.txt')).toBe('Imported text');
  });
});
