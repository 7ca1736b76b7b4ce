// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID as ID, callsTo, json, problem } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

const CONTENT = 'Der Hund läuft. der HUND schläft, und die Katze?\n\nDer Hund!';
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));
const pageText = () => document.querySelector('.rd-text')?.textContent ?? '';
/** Three pages: 250 words "eins…", 250 "zwei…", 100 "drei…", each run ending a sentence. */
const LONG = ['eins', 'zwei', 'drei'].map((w, i) => `${Array.from({ length: i === 2 ? 99 : 249 }, () => w).join(' ')} ende${i}.`).join(' ');

resetAfterEach();

describe('ReaderPage', () => {
  it('renders every word of the tokenized text as a span coloured by its status', async () => {
    mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const spans = document.querySelectorAll('[data-key]');
    // Der Hund läuft der HUND schläft und die Katze Der Hund
    expect(Array.from(spans, (s) => s.textContent)).toEqual([
      'Der', 'Hund', 'läuft', 'der', 'HUND', 'schläft', 'und', 'die', 'Katze', 'Der', 'Hund',
    ]);
    // The whole text, punctuation and blank line included, is rendered verbatim.
    expect(pageText()).toBe(CONTENT);
    expect(wordsFor('hund').map((s) => s.className)).toEqual(['w w--new', 'w w--new', 'w w--new']);
    expect(wordsFor('katze')[0]?.className).toBe('w w--known');
    // Roving tabindex: only the first word is in the tab order.
    expect(document.querySelectorAll('[data-key][tabindex="0"]')).toHaveLength(1);
    // The page's distinct words: der hund läuft schläft und die (new), katze (known).
    expect(document.querySelector('.rd-count--new dd')?.textContent).toBe('6');
    expect(document.querySelector('.rd-count--known dd')?.textContent).toBe('1');
  });

  it('marking a word updates all its occurrences at once and PATCHes the key', async () => {
    const fetchMock = mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });

    fireEvent.click(wordsFor('hund')[1] as HTMLElement); // "HUND"
    expect(screen.getByText('New · 3 times on this page')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Known' }));

    // Optimistic: repainted before the server answers.
    expect(wordsFor('hund').map((s) => s.className)).toEqual(['w w--known', 'w w--known', 'w w--known']);
    expect(wordsFor('der')[0]?.className).toBe('w w--new');
    // A command id, so a resent request counts once.
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')[0]?.body).toEqual({ languageCode: 'de', word: { value: 'hund', status: 'known' }, commandId: ID });
    expect(document.querySelector('.rd-count--known dd')?.textContent).toBe('2');
  });

  it('works from the keyboard: arrows move between words, 2 marks uncertain', async () => {
    mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const first = wordsFor('der')[0] as HTMLElement;
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const hund = wordsFor('hund')[0] as HTMLElement;
    expect(document.activeElement).toBe(hund);
    expect(hund.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(hund, { key: '2' });
    expect(wordsFor('hund').every((s) => s.className === 'w w--uncertain')).toBe(true);
    fireEvent.keyDown(hund, { key: 'n' });
    expect(wordsFor('hund').every((s) => s.className === 'w w--new')).toBe(true);
  });

  it('rolls back and tells the user when saving fails', async () => {
    mockReader(CONTENT, { 'PATCH /api/dictionary/word': () => problem(429, 'Too many requests') });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(wordsFor('katze')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(wordsFor('katze')[0]?.className).toBe('w w--new');
    await waitFor(() => expect(wordsFor('katze')[0]?.className).toBe('w w--known'));
    expect(toastStore.get()[0]?.description).toBe('Too many requests');
  });

  it('shows an error with a retry when the article cannot be loaded', async () => {
    mockReader(CONTENT, { [`GET /api/articles/${ARTICLE_ID}`]: () => problem(404, 'Article not found') });
    renderReader();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Article not found');
    mockReader(CONTENT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await screen.findByRole('heading', { name: 'Der Hund' });
  });
});

describe('ReaderPage pages', () => {
  it('shows about 250 words a page, saves the bookmark and progress on each turn, by button or key', async () => {
    const fetchMock = mockReader(LONG);
    renderReader();
    await screen.findByText('Page 1 of 3');
    expect(document.querySelectorAll('.rd-text [data-key]')).toHaveLength(250);
    expect(pageText().startsWith('eins')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3');
    expect(pageText().trim().startsWith('zwei')).toBe(true);
    fireEvent.keyDown(window, { key: 'PageDown' });
    await screen.findByText('Page 3 of 3');
    expect(document.querySelectorAll('.rd-text [data-key]')).toHaveLength(100);
    fireEvent.keyDown(window, { key: '[' });
    await screen.findByText('Page 2 of 3');

    expect(callsTo(fetchMock, 'POST', '/api/articles/bookmark').map((c) => c.body)).toEqual([
      { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 2, commandId: ID },
      { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 3, commandId: ID },
      { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 2, commandId: ID },
    ]);
    // Each turn is its own command: the last one sets page 2 again rather than being dropped as a repeat.
    expect(new Set(callsTo(fetchMock, 'POST', '/api/articles/bookmark').map((c) => (c.body as { commandId: string }).commandId)).size).toBe(3);
    expect(callsTo(fetchMock, 'POST', '/api/articles/progress/add').map((c) => c.body)).toEqual([
      { articleProgressItem: { articleId: ARTICLE_ID, progress: 67 }, language: 'de', commandId: ID },
      { articleProgressItem: { articleId: ARTICLE_ID, progress: 100 }, language: 'de', commandId: ID },
      { articleProgressItem: { articleId: ARTICLE_ID, progress: 67 }, language: 'de', commandId: ID },
    ]);
    expect(callsTo(fetchMock, 'PATCH', '/api/articles/totalReads').map((c) => c.body)).toEqual([{ articleId: ARTICLE_ID, language: 'de', commandId: ID }]);
  });

  it('turns the page when an arrow key goes past the last or first word', async () => {
    mockReader(LONG);
    renderReader();
    await screen.findByText('Page 1 of 3');
    const words = () => Array.from(document.querySelectorAll<HTMLElement>('.rd-text [data-key]'));
    const last = words().at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'ArrowRight' });
    await screen.findByText('Page 2 of 3');
    expect(document.activeElement).toBe(words()[0]);
    fireEvent.keyDown(words()[0] as HTMLElement, { key: 'ArrowLeft' });
    await screen.findByText('Page 1 of 3');
    expect(document.activeElement).toBe(words().at(-1));
  });

  it('reopens at the bookmarked page', async () => {
    mockReader(LONG, {
      'GET /api/articles/bookmark': () => json({ bookmark: { articleId: ARTICLE_ID, totalPages: 3, pageNumber: 3 } }),
    });
    renderReader();
    await screen.findByText('Page 3 of 3');
    expect(pageText().trim().startsWith('drei')).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the bookmark at or after its last write when the article is opened again (read-your-writes)', async () => {
    const fetchMock = mockReader(LONG, { 'POST /api/articles/bookmark': () => json({ position: '812.3' }) });
    const first = renderReader();
    await screen.findByText('Page 1 of 3');
    expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')[0]?.url.searchParams.get('minPosition')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(window.sessionStorage.getItem('verba:latest-position')).toBe('812.3'));
    first.unmount();

    renderReader();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/api/articles/bookmark')[1]?.url.searchParams.get('minPosition')).toBe('812.3');
  });

  it('marks the rest of the page known in one PATCH and turns the page', async () => {
    const fetchMock = mockReader(LONG, {
      'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'eins', status: 'uncertain' }] }),
    });
    renderReader();
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Mark the rest of this page as known' }));
    await screen.findByText('Page 2 of 3');
    // Only the still-New word of page 1 ("ende0"); "eins" stays Uncertain.
    expect(callsTo(fetchMock, 'PATCH', '/api/dictionary').map((c) => c.body)).toEqual([
      { languageCode: 'de', words: [{ value: 'ende0', status: 'known' }], commandId: ID },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Page 1 of 3');
    expect(wordsFor('ende0')[0]?.className).toBe('w w--known');
    expect(wordsFor('eins')[0]?.className).toBe('w w--uncertain');
  });
});
