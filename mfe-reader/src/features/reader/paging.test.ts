// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { splitWords } from '@verba/contracts';
import { htmlToText, paginate, sentenceAround } from './paging';

const sentence = (n: number) => `${Array.from({ length: 9 }, (_, i) => `wort${n}x${i}`).join(' ')} ende.`; // 10 words

describe('paginate', () => {
  it('cuts about every 250 words after a sentence end, and the pages join back into the text', () => {
    const text = Array.from({ length: 80 }, (_, i) => sentence(i)).join(' '); // 800 words
    const pages = paginate(text);
    expect(pages.join('')).toBe(text);
    expect(pages.map((p) => splitWords(p).length)).toEqual([250, 250, 250, 50]);
    expect(pages.slice(0, -1).every((p) => p.trimEnd().endsWith('.'))).toBe(true);
  });

  it('cuts between words when no sentence ends soon enough', () => {
    const text = Array.from({ length: 700 }, (_, i) => `w${i}`).join(' ');
    const pages = paginate(text);
    expect(pages.join('')).toBe(text);
    expect(pages.map((p) => splitWords(p).length)).toEqual([310, 310, 80]);
  });

  it('leaves the next sentence’s opening quote on the next page', () => {
    const text = `${Array.from({ length: 250 }, () => 'wort').join(' ')}. „Zitat“ ${Array.from({ length: 100 }, () => 'mehr').join(' ')}.`;
    const [first, second] = paginate(text);
    expect(first?.endsWith('wort. ')).toBe(true);
    expect(second?.startsWith('„Zitat“')).toBe(true);
  });

  it('keeps a short text, and an empty one, on one page', () => {
    expect(paginate('Der Hund läuft.')).toEqual(['Der Hund läuft.']);
    expect(paginate('')).toEqual(['']);
  });
});

describe('sentenceAround', () => {
  it('finds the sentence of a word', () => {
    const text = 'Der Hund läuft. Die Katze schläft! Und dann?';
    const at = text.indexOf('Katze');
    expect(sentenceAround(text, at, at + 5)).toBe('Die Katze schläft!');
    expect(sentenceAround(text, 0, 3)).toBe('Der Hund läuft.');
    expect(sentenceAround(text, text.indexOf('dann'), text.indexOf('dann') + 4)).toBe('Und dann?');
  });
});

describe('htmlToText', () => {
  it('keeps the words and paragraph breaks of rich text, and no markup', () => {
    expect(htmlToText('<p>Der <b>Hund</b> läuft.</p><p>Die Katze<br>schläft.</p>')).toBe('Der Hund läuft.\n\nDie Katze\nschläft.');
  });
});
