// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { tokenize } from '@verba/contracts';
import { arrangeParallel, pageRows, paragraphRanges, translationParagraphs } from './parallel';
import { WordIndex } from './word-index';

describe('paragraphRanges', () => {
  it('splits at blank lines, trims each paragraph and skips empty ones', () => {
    const text = 'Eins zwei.\nDrei.\n\n  Vier.\n \n\n\nFünf.\n';
    expect(paragraphRanges(text).map(([s, e]) => text.slice(s, e))).toEqual(['Eins zwei.\nDrei.', 'Vier.', 'Fünf.']);
  });

  it('splits a text without any blank line at its line breaks', () => {
    expect(translationParagraphs('One.\nTwo.\r\nThree.')).toEqual(['One.', 'Two.', 'Three.']);
    expect(translationParagraphs('  ')).toEqual([]);
  });
});

describe('pageRows', () => {
  const pages = ['Eins.\n\nZwei. Zwei', ' weiter.\n\nDrei.'];

  it('pairs paragraphs by index; a paragraph cut by a page break has its translation where it starts', () => {
    expect(pageRows(pages, 0, 'One.\n\nTwo.\n\nThree.')).toEqual([
      { original: [0, 5], translation: 'One.' },
      { original: [7, 17], translation: 'Two.' },
    ]);
    expect(pageRows(pages, 1, 'One.\n\nTwo.\n\nThree.')).toEqual([
      { original: [0, 8], translation: null },
      { original: [10, 15], translation: 'Three.' },
    ]);
  });

  it('shows the rest of a longer translation after the last pair, and nothing beside paragraphs it lacks', () => {
    expect(pageRows(pages, 1, 'One.\n\nTwo.\n\nThree.\n\nFour.\n\nFive.').slice(1)).toEqual([
      { original: [10, 15], translation: 'Three.' },
      { original: null, translation: 'Four.' },
      { original: null, translation: 'Five.' },
    ]);
    expect(pageRows(pages, 1, 'One.')).toEqual([
      { original: [0, 8], translation: null },
      { original: [10, 15], translation: null },
    ]);
  });
});

describe('arrangeParallel', () => {
  const build = (text: string) => {
    const container = document.createElement('div');
    document.body.append(container);
    const index = new WordIndex(container, tokenize(text), new Map());
    return { container, index };
  };

  it('puts each paragraph in a row beside its translation, keeping the word spans, and undoes it', () => {
    const text = 'Der Hund.\n\nDie Katze <b>schläft</b>.';
    const { container, index } = build(text);
    const spans = [...index.words];
    const undo = arrangeParallel(container, pageRows([text], 0, 'The dog.\n\nThe cat <i>sleeps</i>.\n\nThe end.'));
    const rows = [...container.querySelectorAll('.rd-para')];
    expect(rows.map((row) => row.querySelector('.rd-para__original')?.textContent)).toEqual(['Der Hund.', 'Die Katze <b>schläft</b>.', '']);
    expect(rows.map((row) => row.querySelector('.rd-para__translation')?.textContent)).toEqual([
      'The dog.',
      'The cat <i>sleeps</i>.',
      'The end.',
    ]);
    // The translation is text: no element from it.
    expect(container.querySelector('i, b')).toBeNull();
    // The same span elements, in the same order.
    expect([...container.querySelectorAll('span[data-i]')]).toEqual(spans);
    expect(index.indexOf(spans[3]!)).toBe(3);

    undo();
    expect(container.querySelector('.rd-para, .rd-para__gap')).toBeNull();
    expect(container.textContent).toBe(text);
    expect([...container.querySelectorAll('span[data-i]')]).toEqual(spans);
  });

  it('leaves a text rebuilt meanwhile alone when undone', () => {
    const { container } = build('Eins.\n\nZwei.');
    const undo = arrangeParallel(container, pageRows(['Eins.\n\nZwei.'], 0, 'One.\n\nTwo.'));
    const again = new WordIndex(container, tokenize('Drei.'), new Map());
    undo();
    expect(container.textContent).toBe('Drei.');
    expect(again.words).toHaveLength(1);
  });
});
