// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID as ID, callsTo, json, problem } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { LOOK_UP_MS } from '../looked-up';
import { ReaderPage } from './ReaderPage';

/** Issue 38.4: "Mark the rest of this page as known" leaves the learner's own words alone, and can be undone. */
const CONTENT = 'Der Hund läuft. Die Katze schläft, und der Hund bellt.';
const DICTIONARY = {
  languageCode: 'de',
  words: [
    { value: 'katze', status: 'known' },
    { value: 'die', status: 'uncertain' },
  ],
};
const MARK_REST = { name: 'Mark the rest of this page as known' };
const renderReader = () =>
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
      <Toaster />
    </KitProviders>,
  );
const wordsFor = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`[data-key="${key}"]`));
const statusOf = (key: string) => wordsFor(key)[0]?.className.replace('w w--', '');
type Patch = { languageCode: string; words: Array<{ value: string; status: string }>; commandId: string };
const patches = (fetchMock: ReturnType<typeof mockReader>) => callsTo(fetchMock, 'PATCH', '/api/dictionary').map((c) => c.body as Patch);

/** Opens "Hund" in the panel (looked up, left New) and marks "läuft" Uncertain with its key. */
async function lookUpAndMark() {
  await screen.findByRole('heading', { name: 'Der Hund' });
  fireEvent.click(wordsFor('hund')[0] as HTMLElement);
  await screen.findByText('dog');
  // Open a moment: looked up.
  act(() => vi.advanceTimersByTime(LOOK_UP_MS));
  const laeuft = wordsFor('läuft')[0] as HTMLElement;
  laeuft.focus();
  fireEvent.keyDown(laeuft, { key: 'u' });
}

resetAfterEach();
// The clock runs, and a test moves it on where it waits for the look-up or the end of the Undo.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => window.sessionStorage.clear());

describe('Mark the rest of this page as known', () => {
  it('leaves looked-up, Uncertain and this-page-marked words alone, says how many changed, and Undo puts them all back in one PATCH', async () => {
    const fetchMock = mockReader(CONTENT, { 'GET /api/dictionary': () => json(DICTIONARY) });
    renderReader();
    await lookUpAndMark();
    fireEvent.click(screen.getByRole('button', MARK_REST));

    // der, schläft, und, bellt: still New, never opened or marked here. Hund (looked up), läuft (marked here),
    // die (Uncertain) and katze (Known) are not in it.
    const rest = ['der', 'schläft', 'und', 'bellt'];
    // Repainted at once, sent in one PATCH.
    expect(rest.map(statusOf)).toEqual(['known', 'known', 'known', 'known']);
    expect([statusOf('hund'), statusOf('läuft'), statusOf('die'), statusOf('katze')]).toEqual(['new', 'uncertain', 'uncertain', 'known']);
    await screen.findByText('4 words marked Known.');
    expect(patches(fetchMock)).toEqual([{ languageCode: 'de', words: rest.map((value) => ({ value, status: 'known' })), commandId: ID }]);
    // Nothing New is left that the button would take: it is gone.
    expect(screen.queryByRole('button', MARK_REST)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(rest.map(statusOf)).toEqual(['new', 'new', 'new', 'new']);
    expect(statusOf('läuft')).toBe('uncertain');
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(2));
    const [mark, undo] = patches(fetchMock);
    expect(undo).toEqual({ languageCode: 'de', words: rest.map((value) => ({ value, status: 'new' })), commandId: ID });
    // A command of its own: a retry of one is never taken for the other.
    expect(undo?.commandId).not.toBe(mark?.commandId);
    await screen.findByText('4 words back to New.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByRole('button', MARK_REST)).toBeTruthy();
  });

  it('offers Undo for 10 seconds, then no more', async () => {
    mockReader(CONTENT);
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(screen.getByRole('button', MARK_REST));
    // der hund läuft die schläft und bellt (katze is Known).
    await screen.findByText('7 words marked Known.');
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(toastStore.get()).toEqual([]);
  });

  it('still leaves the looked-up words alone after a reload of the page', async () => {
    const fetchMock = mockReader(CONTENT, { 'GET /api/dictionary': () => json(DICTIONARY) });
    const first = renderReader();
    await lookUpAndMark();
    first.unmount();

    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    fireEvent.click(screen.getByRole('button', MARK_REST));
    await screen.findByText('4 words marked Known.');
    expect(patches(fetchMock).at(-1)?.words).toEqual(['der', 'schläft', 'und', 'bellt'].map((value) => ({ value, status: 'known' })));
    expect(statusOf('hund')).toBe('new');
  });

  it('counts a word as looked up once it stays open a moment, not each word the arrow keys pass on the way', async () => {
    const fetchMock = mockReader(CONTENT, { 'GET /api/dictionary': () => json(DICTIONARY) });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    (wordsFor('der')[0] as HTMLElement).focus();
    fireEvent.keyDown(wordsFor('der')[0] as HTMLElement, { key: 'ArrowRight' }); // Hund, passed
    fireEvent.keyDown(wordsFor('hund')[0] as HTMLElement, { key: 'ArrowRight' }); // läuft, open a moment
    act(() => vi.advanceTimersByTime(LOOK_UP_MS));
    fireEvent.keyDown(wordsFor('läuft')[0] as HTMLElement, { key: 'ArrowRight' }); // Die (Uncertain), passed
    fireEvent.keyDown(wordsFor('die')[0] as HTMLElement, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', MARK_REST));
    await screen.findByText('5 words marked Known.');
    expect(patches(fetchMock)[0]?.words).toEqual(['der', 'hund', 'schläft', 'und', 'bellt'].map((value) => ({ value, status: 'known' })));
    expect(statusOf('läuft')).toBe('new');
  });

  it('counts a phrase translated (open as the button is pressed) as its words looked up', async () => {
    const fetchMock = mockReader(CONTENT, { 'GET /api/dictionary': () => json(DICTIONARY) });
    renderReader();
    await screen.findByRole('heading', { name: 'Der Hund' });
    // Shift+click from "schläft" to "bellt": schläft und der hund bellt.
    fireEvent.click(wordsFor('schläft')[0] as HTMLElement);
    fireEvent.click(wordsFor('bellt')[0] as HTMLElement, { shiftKey: true });
    expect(screen.getByText('5 words selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', MARK_REST));
    await screen.findByText('1 word marked Known.');
    expect(patches(fetchMock)[0]?.words).toEqual([{ value: 'läuft', status: 'known' }]);
  });

  it('tells the learner when the Undo fails, and the words stay Known', async () => {
    let sent = 0;
    const fetchMock = mockReader(CONTENT, {
      'GET /api/dictionary': () => json(DICTIONARY),
      'PATCH /api/dictionary': () => (++sent === 1 ? json({ changed: 4 }) : problem(503, 'The server is unreachable.')),
    });
    renderReader();
    await lookUpAndMark();
    fireEvent.click(screen.getByRole('button', MARK_REST));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await screen.findByText('The words could not be put back to New.');
    expect(screen.getByText('The server is unreachable.')).toBeTruthy();
    await waitFor(() => expect(statusOf('der')).toBe('known'));
    expect(['schläft', 'und', 'bellt'].map(statusOf)).toEqual(['known', 'known', 'known']);
    expect(patches(fetchMock)).toHaveLength(2);
  });
});
