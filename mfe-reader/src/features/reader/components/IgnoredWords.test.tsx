// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID as ID, callsTo, json } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

/** Issue 38.1: Ignored, the fourth status, for names, numbers and foreign words. */
const CONTENT = 'Herr Krüger fährt nach Leipzig. Der Hund schläft, Krüger nicht.';
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));
const count = (status: string) => document.querySelector(`.rd-count--${status} dd`)?.textContent;

resetAfterEach();

describe('Ignored words in the reader', () => {
  it('I on a focused name paints every occurrence as plain text, takes it out of the counts, and PATCHes Ignored', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    // herr krüger fährt nach leipzig der hund schläft nicht: 9 new words.
    expect(count('new')).toBe('9');
    const krueger = wordsFor('krüger')[0] as HTMLElement;
    krueger.focus();
    fireEvent.keyDown(krueger, { key: 'I' });
    expect(wordsFor('krüger').map((s) => s.className)).toEqual(['w w--ignored', 'w w--ignored']);
    // Counted nowhere: 8 new, none known or uncertain more.
    expect(count('new')).toBe('8');
    expect(count('known')).toBe('0');
    expect(count('uncertain')).toBe('0');
    // The panel says which status is set.
    expect(screen.getByRole('button', { name: 'Ignored' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')[0]?.body).toEqual({
      languageCode: 'de',
      word: { value: 'krüger', status: 'ignored' },
      commandId: ID,
    });
  });

  it('marks Ignored from the panel button, and back to New from its New button', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(wordsFor('leipzig')[0] as HTMLElement);
    const ignored = screen.getByRole('button', { name: 'Ignored' });
    expect(ignored.getAttribute('aria-keyshortcuts')).toBe('I');
    fireEvent.click(ignored);
    expect(wordsFor('leipzig')[0]?.className).toBe('w w--ignored');
    expect(count('new')).toBe('8');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(wordsFor('leipzig')[0]?.className).toBe('w w--new');
    expect(count('new')).toBe('9');
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word').map((c) => (c.body as { word: unknown }).word)).toEqual([
      { value: 'leipzig', status: 'ignored' },
      { value: 'leipzig', status: 'new' },
    ]);
  });

  it('paints words the dictionary has Ignored as plain text, and "mark the rest of this page as known" leaves them Ignored', async () => {
    const fetchMock = mockReader(CONTENT, {
      'GET /api/dictionary': () =>
        json({
          languageCode: 'de',
          words: [
            { value: 'krüger', status: 'ignored' },
            { value: 'leipzig', status: 'ignored' },
            { value: 'hund', status: 'uncertain' },
          ],
        }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    expect(wordsFor('leipzig')[0]?.className).toBe('w w--ignored');
    expect(count('new')).toBe('6');
    expect(count('uncertain')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Mark the rest of this page as known' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary')).toHaveLength(1));
    const marked = (callsTo(fetchMock, 'PATCH', '/api/dictionary')[0]?.body as { words: { value: string }[] }).words.map((w) => w.value);
    expect(marked.sort()).toEqual(['der', 'fährt', 'herr', 'nach', 'nicht', 'schläft']);
    expect(wordsFor('krüger').map((s) => s.className)).toEqual(['w w--ignored', 'w w--ignored']);
    expect(count('known')).toBe('6');
    expect(count('new')).toBe('0');
  });
});
