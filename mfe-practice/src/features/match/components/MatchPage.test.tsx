// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { matchSentence } from '@verba/contracts/http';
import { resetAll } from '../../../test/cleanup';
import { card, json, mockApi, renderSignedIn } from '../../../test/practice-api';
import { MatchGame } from './MatchGame';
import { MatchWordsPage, PracticeMatchWordsPage } from './MatchPage';

afterEach(resetAll);

const PAIRS = [
  card({ sourceValue: 'der Hund bellt', targetValue: 'the dog barks' }),
  card({ sourceValue: 'die Katze', targetValue: 'the cat' }),
  card({ sourceValue: 'das Haus', targetValue: 'the house' }),
].map(({ id, sourceValue, targetValue }) => ({ id, sourceValue, targetValue }));
const [BELLT, KATZE, HAUS] = PAIRS as [(typeof PAIRS)[0], (typeof PAIRS)[0], (typeof PAIRS)[0]];
const BOARD = matchSentence.response.parse({
  pairs: PAIRS,
  targets: [HAUS, BELLT, KATZE].map(({ id, targetValue }) => ({ id, targetValue })),
});

const reviewsRoute = { 'PATCH /api/flashcards': () => json({ changed: 3, position: '9.0', cards: [], notFound: [] }) };
const words = () => within(screen.getByRole('list', { name: 'Words' }));
const translations = () => within(screen.getByRole('list', { name: 'Translations' }));

describe('match words', () => {
  it('is played to the end: a wrong pair is marked, matched pairs lock, the result is shown and sent as reviews', async () => {
    const api = mockApi({ 'GET /api/practice/match-sentence': () => json(BOARD), ...reviewsRoute });
    renderSignedIn(<MatchWordsPage />);
    await screen.findByRole('list', { name: 'Words' });
    expect(
      translations()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['the house', 'the dog barks', 'the cat']);
    expect(screen.getByRole('timer').textContent).toBe('1:00');

    fireEvent.click(words().getByRole('button', { name: 'die Katze' }));
    expect(words().getByRole('button', { name: 'die Katze' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(translations().getByRole('button', { name: 'the house' }));
    expect(screen.getByRole('status').textContent).toBe('Not a pair. Try again.');
    expect(translations().getByRole('button', { name: 'the house' }).className).toContain('pr-tile--wrong');

    // Either column first.
    fireEvent.click(translations().getByRole('button', { name: 'the cat' }));
    fireEvent.click(words().getByRole('button', { name: 'die Katze' }));
    expect((words().getByRole('button', { name: 'die Katze' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('1 of 3 matched')).toBeTruthy();
    fireEvent.click(words().getByRole('button', { name: 'das Haus' }));
    fireEvent.click(translations().getByRole('button', { name: 'the house' }));
    fireEvent.click(words().getByRole('button', { name: 'der Hund bellt' }));
    fireEvent.click(translations().getByRole('button', { name: 'the dog barks' }));

    await screen.findByRole('heading', { name: 'All pairs matched!' });
    expect(screen.getByText(/3 of 3 pairs matched in \d+ seconds?, with 1 mistake\./)).toBeTruthy();
    await waitFor(() => expect(api.to('PATCH /api/flashcards')).toHaveLength(1));
    expect(api.to('PATCH /api/flashcards')[0]?.body).toMatchObject({
      source: 'match-words',
      reviews: [
        { id: BELLT.id, rating: 'good' },
        { id: KATZE.id, rating: 'again' },
        { id: HAUS.id, rating: 'good' },
      ],
    });
    expect(screen.getByRole('button', { name: 'Play again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to practice' }).getAttribute('href')).toBe('/app/practice-portal');
  });

  it('ends when the clock runs out, counting unmatched pairs as not known', async () => {
    const api = mockApi(reviewsRoute);
    render(
      <KitProviders>
        <MatchGame pairs={PAIRS} targets={BOARD.targets} onPlayAgain={() => {}} timeLimitMs={300} />
      </KitProviders>,
    );
    fireEvent.click(words().getByRole('button', { name: 'das Haus' }));
    fireEvent.click(translations().getByRole('button', { name: 'the house' }));
    await screen.findByRole('heading', { name: 'Time is up' }, { timeout: 2000 });
    expect(screen.getByText(/1 of 3 pairs matched/)).toBeTruthy();
    // The result replaces the board (issue 36.20): no translation column is left shuffled beside the words.
    expect(screen.queryByRole('list', { name: 'Words' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Translations' })).toBeNull();
    await waitFor(() => expect(api.to('PATCH /api/flashcards')).toHaveLength(1));
    expect((api.to('PATCH /api/flashcards')[0]?.body as { reviews: unknown }).reviews).toEqual([
      { id: BELLT.id, rating: 'again' },
      { id: KATZE.id, rating: 'again' },
      { id: HAUS.id, rating: 'good' },
    ]);
  });

  it('practice-match-words plays with the cards due next', async () => {
    const api = mockApi({
      'GET /api/practice/flashcards': () => json({ dueCount: 2, flashcards: PAIRS.slice(0, 2).map((p) => ({ ...card(p), isDue: true })) }),
      ...reviewsRoute,
    });
    renderSignedIn(<PracticeMatchWordsPage />);
    await screen.findByRole('list', { name: 'Words' });
    expect(api.to('GET /api/practice/flashcards')[0]?.query.get('limit')).toBe('6');
    expect(
      translations()
        .getAllByRole('button')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual(['the cat', 'the dog barks']);
    fireEvent.click(words().getByRole('button', { name: 'die Katze' }));
    fireEvent.click(translations().getByRole('button', { name: 'the cat' }));
    fireEvent.click(words().getByRole('button', { name: 'der Hund bellt' }));
    fireEvent.click(translations().getByRole('button', { name: 'the dog barks' }));
    await screen.findByRole('heading', { name: 'All pairs matched!' });
  });

  it('without cards explains how to add words from the reader', async () => {
    mockApi({ 'GET /api/practice/match-sentence': () => json({ pairs: [], targets: [] }) });
    renderSignedIn(<MatchWordsPage />);
    await screen.findByRole('heading', { name: 'No flashcards yet' });
  });
});
