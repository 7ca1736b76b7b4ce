// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { callsTo, json } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from './ReaderPage';

/** Issue 38.3: a saved separable verb ("aufstehen") is recognised where a sentence splits it ("steht … auf"). */
const CONTENT = 'Er steht jeden Morgen früh auf. Die Katze steht auf dem Tisch.';

/** The analyser's base words, as the word families route answers them. */
const BASES: Record<string, string> = { er: 'er', steht: 'stehen', jeden: 'jeder', morgen: 'morgen', früh: 'früh' };
const families = (url: URL) =>
  json({
    languageCode: 'de',
    words: (url.searchParams.get('words') ?? '').split(',').map((value) => ({ value, base: BASES[value] ?? value, source: 'dictionary' })),
  });
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
const painted = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.ph')).map((p) => `${p.className} ${p.dataset.phrase}: ${p.textContent}`);
/** Every word asked of the word families route, in the order asked (a word asked twice shows twice). */
const askedWords = (fetchMock: Parameters<typeof callsTo>[0]) =>
  callsTo(fetchMock, 'GET', '/api/dictionary/families').flatMap((c) => (c.url.searchParams.get('words') ?? '').split(','));
const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));

resetAfterEach();

describe('Separable verbs in the reader', () => {
  it('paints both parts of a saved separable verb as the entry, asks each word of the page once, and a click opens the entry', async () => {
    const fetchMock = mockReader(CONTENT, {
      'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'aufstehen', status: 'uncertain' }] }),
      'GET /api/dictionary/families': families,
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    // The preposition "auf dem Tisch" is no particle: only the first sentence's "steht … auf".
    await waitFor(() => expect(painted()).toEqual(['ph ph--uncertain aufstehen: steht', 'ph ph--uncertain aufstehen: auf']));
    // The page's families are asked once: the separable verbs read the word panel's look-up (FamilyChoice).
    expect(askedWords(fetchMock)).toEqual(['er', 'steht', 'jeden', 'morgen', 'früh', 'auf', 'die', 'katze', 'dem', 'tisch']);

    fireEvent.click(wordsFor('auf')[0]!);
    expect(screen.getByText('aufstehen')).toBeTruthy();
    expect(screen.getByText('steht … auf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Uncertain' }).getAttribute('aria-pressed')).toBe('true');
    expect(Array.from(document.querySelectorAll('[data-sel]')).map((w) => w.textContent)).toEqual(['steht', 'auf']);
    // Known from the panel marks the entry; both parts repaint.
    fireEvent.click(screen.getByRole('button', { name: 'Known' }));
    expect(painted()).toEqual(['ph ph--known aufstehen: steht', 'ph ph--known aufstehen: auf']);
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    expect((callsTo(fetchMock, 'PATCH', '/api/dictionary/word')[0]?.body as { word: unknown }).word).toEqual({
      value: 'aufstehen',
      status: 'known',
    });
    // A second click opens the word alone.
    fireEvent.click(wordsFor('auf')[0]!);
    expect(screen.getByRole('group', { name: 'Mark word as' })).toBeTruthy();
    expect(screen.queryByText('steht … auf')).toBeNull();
  });

  it('asks the analyser nothing when no saved word is a separable verb', async () => {
    const fetchMock = mockReader(CONTENT, { 'GET /api/dictionary/families': families });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Only the word panel's look-up of the page, once.
    expect(askedWords(fetchMock)).toEqual(['er', 'steht', 'jeden', 'morgen', 'früh', 'auf', 'die', 'katze', 'dem', 'tisch']);
    expect(painted()).toEqual([]);
  });
});
