// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID as ID, article, callsTo, json } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

/** Issue 38.3: phrases with a status, painted as one unit wherever they recur. */
const CONTENT = 'Zum Beispiel lesen wir. Wir lernen zum\nBeispiel Wörter, zum, Beispiel nicht.';
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));
const phrases = () => Array.from(document.querySelectorAll<HTMLElement>('.ph')).map((p) => `${p.className}: ${p.textContent}`);
const select = (from: HTMLElement, to: HTMLElement) => {
  fireEvent.click(from);
  fireEvent.click(to, { shiftKey: true });
};

resetAfterEach();
afterEach(() => session.reset());

describe('Phrases in the reader', () => {
  it('marks a selected phrase Uncertain from the panel: saved by its key, painted as one unit wherever it recurs', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    expect(phrases()).toEqual([]);
    select(wordsFor('zum')[0]!, wordsFor('beispiel')[0]!);
    const marks = screen.getByRole('group', { name: 'Mark phrase as' });
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Uncertain' }));
    expect(marks.querySelector('[aria-pressed="true"]')?.textContent).toBe('Uncertain');
    // Here and across the line break; not where a comma splits it. Its words keep their own status.
    // One element a line: none holds the line break, where the side-by-side translation may start a row.
    expect(phrases()).toEqual(['ph ph--uncertain: Zum Beispiel', 'ph ph--uncertain: zum', 'ph ph--uncertain: Beispiel']);
    expect(wordsFor('zum').map((w) => w.className)).toEqual(['w w--new', 'w w--new', 'w w--new']);
    expect(screen.getByText('2 words selected, 2 times on this page')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')[0]?.body).toEqual({
      languageCode: 'de',
      word: { value: 'zum beispiel', status: 'uncertain' },
      commandId: ID,
    });
  });

  it('paints the phrases the dictionary holds; a click opens the phrase, a second click the word, and keys mark the open phrase', async () => {
    const fetchMock = mockReader(CONTENT, {
      'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'zum beispiel', status: 'known' }] }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    expect(phrases()).toEqual(['ph ph--known: Zum Beispiel', 'ph ph--known: zum', 'ph ph--known: Beispiel']);
    const second = wordsFor('beispiel')[1]!;
    fireEvent.click(second);
    expect(screen.getByRole('group', { name: 'Mark phrase as' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('true');
    expect(Array.from(document.querySelectorAll('[data-sel]')).map((w) => w.textContent)).toEqual(['zum', 'Beispiel']);
    // Key 2 on a word of the open phrase marks the phrase, focus staying in the text.
    second.focus();
    fireEvent.keyDown(second, { key: '2' });
    expect(phrases()).toEqual(['ph ph--uncertain: Zum Beispiel', 'ph ph--uncertain: zum', 'ph ph--uncertain: Beispiel']);
    expect(document.activeElement).toBe(second);
    expect(second.className).toBe('w w--new');
    // A second click opens the word alone.
    fireEvent.click(second);
    expect(screen.getByRole('group', { name: 'Mark word as' })).toBeTruthy();
    // New takes the phrase off the page.
    fireEvent.click(wordsFor('zum')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(phrases()).toEqual([]);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(2));
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word').map((c) => (c.body as { word: unknown }).word)).toEqual([
      { value: 'zum beispiel', status: 'uncertain' },
      { value: 'zum beispiel', status: 'new' },
    ]);
  });

  it('says why words with punctuation between them cannot be marked as one phrase', async () => {
    mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    select(wordsFor('zum')[2]!, wordsFor('beispiel')[2]!);
    expect(screen.queryByRole('group', { name: 'Mark phrase as' })).toBeNull();
    expect(screen.getByText('Words with punctuation or a paragraph between them cannot be saved as one phrase.')).toBeTruthy();
  });

  it('keeps a phrase split by a line break in its rows when the translation is shown beside the text', async () => {
    session.setUser({ uid: 'u1', name: 'Lea', email: 'lea@example.org', role: 'User', currentLearningLanguage: 'de' });
    // No blank lines: each line is a paragraph, paired with the translation's.
    const content = 'Wir lernen zum\nBeispiel Wörter.';
    mockReader(content, {
      [`GET /api/articles/${ARTICLE_ID}`]: () =>
        json(article({ id: ARTICLE_ID, name: 'Der Hund', content, translation: 'We learn, for\nexample, words.' })),
      'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'zum beispiel', status: 'uncertain' }] }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the translation' }));
    const rows = [...document.querySelectorAll('.rd-text .rd-para__original')].map((row) => row.textContent);
    expect(rows).toEqual(['Wir lernen zum', 'Beispiel Wörter.']);
    expect(phrases()).toEqual(['ph ph--uncertain: zum', 'ph ph--uncertain: Beispiel']);
  });
});
