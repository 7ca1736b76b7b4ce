// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { dueWords, reviewFlashcards } from '@verba/contracts/http';
import { DAY_MS, HOUR_MS } from '@verba/contracts';
import { resetAfterEach } from '../../../test/reset';
import { COMMAND_ID, callsTo, json, problem } from '../../../test/mock-api';
import { ARTICLE_ID, mockReader } from '../../../test/reader-fixtures';
import { ReaderPage } from '../components/ReaderPage';

const CONTENT = 'Der Hund läuft schnell. Die Katze schläft.';
const HUND_CARD = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const word = (key: string) => document.querySelector<HTMLElement>(`.rd-text [data-key="${key}"]`) as HTMLElement;
const toasts = () => toastStore.get().map((t) => t.title);

/** The due list as the server answers it: Hund's card, due since this morning. */
const dueList = () =>
  json(
    dueWords.response.parse({
      languageCode: 'de',
      endOfDayStamp: Date.now() + HOUR_MS,
      truncated: false,
      words: [
        {
          id: HUND_CARD,
          sourceValue: 'Hund',
          key: 'hund',
          targetValue: 'dog',
          sentence: 'Der Hund bellt.',
          dueDateStamp: Date.now() - HOUR_MS,
        },
      ],
    }),
  );

/** The review's answer: scheduled the first time today (next due in four days), only counted after. */
function reviews() {
  let count = 0;
  const dueDateStamp = Date.now() + 4 * DAY_MS + HOUR_MS;
  return () => {
    count++;
    return json(
      reviewFlashcards.response.parse({
        changed: 1,
        position: `9.${count}`,
        notFound: [],
        cards: [
          {
            id: HUND_CARD,
            reviewId: '8b1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
            scheduled: count === 1,
            state: 'review',
            dueDateStamp,
            stability: 4.2,
            difficulty: 5,
            scheduledDays: 4,
            reps: 2,
            lapses: 0,
            lastTimePracticedStamp: Date.now(),
          },
        ],
      }),
    );
  };
}

async function openReader(overrides: Parameters<typeof mockReader>[1] = {}) {
  const fetchMock = mockReader(CONTENT, { 'GET /api/flashcards/due-words': dueList, 'PATCH /api/flashcards': reviews(), ...overrides });
  render(
    <KitProviders>
      <ReaderPage articleId={ARTICLE_ID} />
    </KitProviders>,
  );
  await screen.findByRole('heading', { name: 'Der Hund' });
  await waitFor(() => expect(word('hund').hasAttribute('data-due')).toBe(true));
  return fetchMock;
}

resetAfterEach();

describe('review in the text', () => {
  it('underlines the words whose flashcard is due today, and says so in words', async () => {
    await openReader();
    expect(word('katze').hasAttribute('data-due')).toBe(false);
    const description = document.getElementById(word('hund').getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('card due today');
    expect(screen.getByText(/A word on this page has a flashcard due today/).textContent).toContain('press G on it');
  });

  it('confirms "I knew it here" with G: a review rated Good from the reader, the next due date told and the underline gone', async () => {
    const fetchMock = await openReader();
    fireEvent.keyDown(word('hund'), { key: 'g' });
    await waitFor(() => expect(toasts()).toContain('Next review in 4 days'));
    expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')[0]?.body).toEqual({
      reviews: [{ id: HUND_CARD, rating: 'good' }],
      source: 'reader',
      commandId: COMMAND_ID,
    });
    await waitFor(() => expect(word('hund').hasAttribute('data-due')).toBe(false));
    expect(screen.queryByText(/on this page ha(s|ve) a flashcard due today/)).toBeNull();

    // A second confirmation the same day is only counted, and says so.
    fireEvent.keyDown(word('hund'), { key: 'G' });
    await waitFor(() => expect(toasts()).toContain('Already counted today: next review in 4 days'));
    expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')).toHaveLength(2);
  });

  it('underlines another form of a due card\'s word ("läuft" for a card of "laufen"), and G reviews that card', async () => {
    const LAUFEN_CARD = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const fetchMock = await openReader({
      'GET /api/flashcards/due-words': () =>
        json({
          languageCode: 'de',
          endOfDayStamp: Date.now() + HOUR_MS,
          truncated: false,
          words: [
            { id: HUND_CARD, sourceValue: 'Hund', key: 'hund', targetValue: 'dog', dueDateStamp: Date.now() - HOUR_MS },
            { id: LAUFEN_CARD, sourceValue: 'laufen', key: 'laufen', targetValue: 'run', dueDateStamp: Date.now() - HOUR_MS },
          ],
        }),
      'GET /api/dictionary/families': (url: URL) =>
        json({
          languageCode: 'de',
          words: (url.searchParams.get('words') ?? '')
            .split(',')
            .map((value) => ({ value, base: value === 'läuft' ? 'laufen' : value, source: 'dictionary' })),
        }),
    });
    await waitFor(() => expect(word('läuft').hasAttribute('data-due')).toBe(true));
    expect(word('schläft').hasAttribute('data-due')).toBe(false);
    fireEvent.keyDown(word('läuft'), { key: 'g' });
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')[0]?.body).toMatchObject({ reviews: [{ id: LAUFEN_CARD, rating: 'good' }] });
  });

  it('says when the word has no card due, and reviews nothing', async () => {
    const fetchMock = await openReader();
    fireEvent.keyDown(word('katze'), { key: 'g' });
    await waitFor(() => expect(toasts()).toContain('No card of “Katze” is due today'));
    expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')).toHaveLength(0);
  });

  it('shows the due card in the word panel when the underlined word is opened, with "I knew it here"', async () => {
    const fetchMock = await openReader();
    fireEvent.click(word('hund'));
    const card = await screen.findByRole('region', { name: 'Flashcard due today' });
    expect(within(card).getByText('Hund')).toBeTruthy();
    expect(within(card).getByText('dog')).toBeTruthy();
    expect(within(card).getByText('Der Hund bellt.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'I knew it here' }));
    await waitFor(() => expect(toasts()).toContain('Next review in 4 days'));
    expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')[0]?.body).toMatchObject({ source: 'reader' });
    // The card stays in the panel, reviewed, and the page's underline is gone.
    expect(await within(card).findByText('Reviewed here today')).toBeTruthy();
    expect(within(card).getByText('Next review in 4 days')).toBeTruthy();
    expect(word('hund').hasAttribute('data-due')).toBe(false);

    fireEvent.click(word('katze'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Flashcard due today' })).toBeNull());
  });

  it('says why when the card is gone (deleted in another tab), and offers it no more', async () => {
    await openReader({ 'PATCH /api/flashcards': () => problem(404, 'Flashcard not found') });
    fireEvent.click(word('hund'));
    const card = await screen.findByRole('region', { name: 'Flashcard due today' });
    fireEvent.click(within(card).getByRole('button', { name: 'I knew it here' }));
    await waitFor(() =>
      expect(toastStore.get().map((t) => [t.title, t.description])).toContainEqual([
        'The review could not be saved.',
        'Flashcard not found',
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Flashcard due today' })).toBeNull());
    expect(word('hund').hasAttribute('data-due')).toBe(false);
  });

  it("underlines a saved phrase with a card due, and G on one of its words reviews the phrase's card", async () => {
    const PHRASE_CARD = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    const phraseDue = {
      languageCode: 'de',
      endOfDayStamp: Date.now() + HOUR_MS,
      truncated: false,
      words: [{ id: PHRASE_CARD, sourceValue: 'Die Katze', key: 'die katze', targetValue: 'the cat', dueDateStamp: Date.now() - HOUR_MS }],
    };
    const fetchMock = mockReader(CONTENT, {
      'GET /api/dictionary': () => json({ languageCode: 'de', words: [{ value: 'die katze', status: 'uncertain' }] }),
      'GET /api/flashcards/due-words': () => json(dueWords.response.parse(phraseDue)),
      'PATCH /api/flashcards': reviews(),
    });
    render(
      <KitProviders>
        <ReaderPage articleId={ARTICLE_ID} />
      </KitProviders>,
    );
    await screen.findByRole('heading', { name: 'Der Hund' });
    const phrase = () => document.querySelector('.rd-text [data-phrase="die katze"]') as HTMLElement;
    await waitFor(() => expect(phrase().hasAttribute('data-due')).toBe(true));
    expect(word('katze').hasAttribute('data-due')).toBe(false);
    fireEvent.keyDown(word('katze'), { key: 'g' });
    await waitFor(() => expect(toasts()).toContain('Next review in 4 days'));
    expect(callsTo(fetchMock, 'PATCH', '/api/flashcards')[0]?.body).toMatchObject({ reviews: [{ id: PHRASE_CARD, rating: 'good' }] });
    await waitFor(() => expect(phrase().hasAttribute('data-due')).toBe(false));
  });

  it('lists G in the keyboard help', async () => {
    await openReader();
    const help = screen.getByText('Keyboard shortcuts').closest('details') as HTMLElement;
    expect(within(help).getByText('G')).toBeTruthy();
    expect(within(help).getByText(/I knew it here/)).toBeTruthy();
  });
});
