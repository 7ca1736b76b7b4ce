// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@verba/contracts';
import { resetAll } from '../../../test/cleanup';
import { NOW, card, json, mockApi, renderSignedIn, type Call } from '../../../test/practice-api';
import { ReviewPage } from './ReviewPage';

afterEach(resetAll);

const due = (sourceValue: string, targetValue: string) => ({ ...card({ sourceValue, targetValue }), isDue: true });
const CARDS = [due('der Hund', 'the dog'), due('die Katze', 'the cat'), due('das Haus', 'the house')];
const [HUND, KATZE, HAUS] = CARDS as [(typeof CARDS)[0], (typeof CARDS)[0], (typeof CARDS)[0]];

function mockSession(flashcards = CARDS) {
  let position = 0;
  return mockApi({
    'GET /api/practice/flashcards': () => json({ dueCount: flashcards.filter((c) => c.isDue).length, flashcards }),
    'PATCH /api/flashcards': (call: Call) => {
      const { reviews } = call.body as { reviews: { id: string }[] };
      return json({ changed: reviews.length, position: `${++position}.0`, cards: [], notFound: [] });
    },
  });
}

const key = (k: string) => fireEvent.keyDown(window, { key: k });
const space = () => {
  fireEvent.keyDown(window, { key: ' ' });
  fireEvent.keyUp(window, { key: ' ' });
};
const sentReviews = (api: ReturnType<typeof mockApi>) => api.to('PATCH /api/flashcards').map((c) => c.body as { reviews: unknown[]; source: string });
const progress = () => Number(screen.getByRole('progressbar', { name: 'Session progress' }).getAttribute('aria-valuenow'));

describe('review session', () => {
  it('flips with Space, rates with 1-4, undoes the last rating without sending it, and ends with a summary', async () => {
    const api = mockSession();
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    expect(screen.getByText('Card 1 of 3')).toBeTruthy();
    expect(screen.queryByText('the dog')).toBeNull();
    expect(progress()).toBe(0);

    key('3'); // rating before the answer was seen does nothing
    expect(screen.getByText('Card 1 of 3')).toBeTruthy();
    space();
    expect(screen.getByText('the dog')).toBeTruthy();
    key('3'); // Good
    await screen.findByText('die Katze');
    expect(Math.round(progress())).toBe(33);
    expect(sentReviews(api)).toHaveLength(0); // held until the next card is rated: undo stays free

    key('u');
    expect(screen.getByText('der Hund')).toBeTruthy();
    expect(screen.getByText('the dog')).toBeTruthy(); // back on the answer side
    expect(screen.getByText('Card 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Undo last rating/ }) as HTMLButtonElement).disabled).toBe(true);

    key('4'); // Easy instead
    space();
    key('1'); // die Katze: Again
    await waitFor(() => expect(sentReviews(api)).toHaveLength(1));
    expect(sentReviews(api)[0]).toMatchObject({ reviews: [{ id: HUND.id, rating: 'easy' }], source: 'flashcards' });

    // The buttons work too.
    fireEvent.click(screen.getByRole('button', { name: /Show answer/ }));
    fireEvent.click(screen.getByRole('button', { name: /Hard/ }));

    await screen.findByRole('heading', { name: 'Session complete' });
    expect(screen.getByText('You reviewed 3 cards.')).toBeTruthy();
    const counts = Object.fromEntries(Array.from(document.querySelectorAll('.pr-result__count'), (el) => [el.querySelector('dt')?.textContent, el.querySelector('dd')?.textContent]));
    expect(counts).toEqual({ Again: '1', Hard: '1', Good: '0', Easy: '1' });
    await screen.findByText('Your ratings are saved.');
    expect(sentReviews(api).map((b) => b.reviews)).toEqual([
      [{ id: HUND.id, rating: 'easy' }],
      [{ id: KATZE.id, rating: 'again' }],
      [{ id: HAUS.id, rating: 'hard' }],
    ]);
  });

  it('"Review more" loads a new session that includes every rating sent', async () => {
    const api = mockSession(CARDS.slice(0, 1));
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    space();
    key('3');
    await screen.findByText('Your ratings are saved.');
    fireEvent.click(screen.getByRole('button', { name: 'Review more' }));
    await screen.findByText('Card 1 of 1');
    expect(api.to('GET /api/practice/flashcards').at(-1)?.query.get('minPosition')).toBe('1.0');
  });

  it('with nothing due offers to practise ahead with the next cards', async () => {
    mockSession([{ ...card({ sourceValue: 'das Boot', targetValue: 'the boat', dueDateStamp: NOW + 2 * HOUR_MS - 60_000 }), isDue: false }]);
    renderSignedIn(<ReviewPage />);
    await screen.findByRole('heading', { name: 'Nothing is due now' });
    expect(screen.getByText(/Your next card is due in 2 hours\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Practice ahead' }));
    expect(screen.getByText('das Boot')).toBeTruthy();
  });

  it('without cards explains how to add words from the reader', async () => {
    mockSession([]);
    renderSignedIn(<ReviewPage />);
    await screen.findByRole('heading', { name: 'No flashcards yet' });
  });
});
