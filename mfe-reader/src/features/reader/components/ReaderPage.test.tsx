// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders, queryClient } from '@verba/kit/query';
import { ReaderPage } from './ReaderPage';
import { article } from '../../../test/mock-api';

const ID = '0f8e7c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
const ARTICLE = article({
  id: ID,
  name: 'Der Hund',
  content: 'Der Hund läuft. der HUND schläft, und die Katze?\n\nDer Hund!',
});
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ID} />
    </KitProviders>,
  );

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

function mockApi(overrides: Record<string, Handler> = {}) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const routes: Record<string, Handler> = {
    [`GET /api/articles/${ID}`]: () => json(ARTICLE),
    'GET /api/dictionary?languageCode=de': () => json({ languageCode: 'de', words: [{ value: 'katze', status: 'known' }] }),
    'PATCH /api/dictionary/word': () => json({ changed: 1, word: { value: 'hund', status: 'known' } }),
    ...overrides,
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    if (!handler) throw new Error(`unexpected ${init?.method} ${url}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));

afterEach(() => {
  cleanup();
  queryClient.clear();
  toastStore.clear();
  vi.unstubAllGlobals();
});

describe('ReaderPage', () => {
  it('renders every word of the tokenized text as a span coloured by its status', async () => {
    mockApi();
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    const spans = document.querySelectorAll('[data-key]');
    // Der Hund läuft der HUND schläft und die Katze Der Hund
    expect(Array.from(spans, (s) => s.textContent)).toEqual([
      'Der', 'Hund', 'läuft', 'der', 'HUND', 'schläft', 'und', 'die', 'Katze', 'Der', 'Hund',
    ]);
    // The whole text, punctuation and blank line included, is rendered verbatim.
    expect(document.querySelector('.rd-text')?.textContent).toBe(ARTICLE.content);
    expect(wordsFor('hund').map((s) => s.className)).toEqual(['w w--new', 'w w--new', 'w w--new']);
    expect(wordsFor('katze')[0]?.className).toBe('w w--known');
    // Roving tabindex: only the first word is in the tab order.
    expect(document.querySelectorAll('[data-key][tabindex="0"]')).toHaveLength(1);
  });

  it('marking a word updates all its occurrences at once and PATCHes the key', async () => {
    const fetchMock = mockApi();
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });

    fireEvent.click(wordsFor('hund')[1] as HTMLElement); // "HUND"
    expect(screen.getByText('New · 3 times in this text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Known' }));

    // Optimistic: repainted before the server answers.
    expect(wordsFor('hund').map((s) => s.className)).toEqual(['w w--known', 'w w--known', 'w w--known']);
    expect(wordsFor('der')[0]?.className).toBe('w w--new');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ languageCode: 'de', word: { value: 'hund', status: 'known' } });
  });

  it('works from the keyboard: arrows move between words, 2 marks uncertain', async () => {
    mockApi();
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
    mockApi({
      'PATCH /api/dictionary/word': () =>
        new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429 }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(wordsFor('katze')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(wordsFor('katze')[0]?.className).toBe('w w--new');
    await waitFor(() => expect(wordsFor('katze')[0]?.className).toBe('w w--known'));
    expect(toastStore.get()[0]?.description).toBe('Too many requests');
  });

  it('shows an error with a retry when the article cannot be loaded', async () => {
    mockApi({ [`GET /api/articles/${ID}`]: () => new Response('{"message":"Article not found"}', { status: 404 }) });
    renderReader();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Article not found');
    mockApi();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await screen.findByRole('heading', { name: 'Der Hund' });
  });
});
