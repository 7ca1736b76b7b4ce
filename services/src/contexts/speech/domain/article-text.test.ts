import { describe, expect, it } from 'vitest';
import { splitSentences } from '@verba/contracts';
import { htmlToText, readerText, timingsFromCues } from './article-text';

describe('the text an article’s audio is timed to', () => {
  it('reads rich text as the reader does: blocks as blank lines, <br> as a line break, entities decoded', () => {
    const html =
      '<h2>Am Meer</h2><p>Wir fahren <strong>ans</strong> Meer.<br>Das Meer ist blau &amp; kalt.</p><ul><li>Eins.</li><li>Zwei &#8211; drei.</li></ul>';
    expect(htmlToText(html)).toBe('Am Meer\n\nWir fahren ans Meer.\nDas Meer ist blau & kalt.\n\nEins.\n\nZwei – drei.');
    expect(splitSentences(readerText({ content: html, contentFormat: 'html' }))).toEqual([
      'Am Meer',
      'Wir fahren ans Meer.',
      'Das Meer ist blau & kalt.',
      'Eins.',
      'Zwei – drei.',
    ]);
    expect(readerText({ content: 'a <b> c', contentFormat: 'text' })).toBe('a <b> c');
  });

  it('gives each line’s cue to its sentences by their lengths, and none when the cues no longer fit the text', () => {
    const text = 'Hallo!\n\nWie geht es? Gut.';
    expect(
      timingsFromCues(text, [
        { start: 1, end: 2 },
        { start: 3, end: 4.6 },
      ]),
    ).toEqual([
      { start: 1, end: 2 },
      { start: 3, end: 4.2 },
      { start: 4.2, end: 4.6 },
    ]);
    expect(timingsFromCues(text, [{ start: 1, end: 2 }])).toBeUndefined();
  });
});
