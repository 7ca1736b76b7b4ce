// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOUR_MS } from '@verba/contracts';
import { ratingIntervals, scheduleOf } from '@verba/contracts/fsrs';
import { resetAll } from '../../../test/cleanup';
import { NOW, card, json, mockApi, profile, renderSignedIn, uuid, type Call } from '../../../test/practice-api';
import { ReviewPage } from './ReviewPage';

afterEach(() => {
  vi.useRealTimers();
  resetAll();
  localStorage.clear();
});

const due = (sourceValue: string, targetValue: string) => ({ ...card({ sourceValue, targetValue }), isDue: true });
const CARDS = [due('der Hund', 'the dog'), due('die Katze', 'the cat'), due('das Haus', 'the house')];
const [HUND, KATZE, HAUS] = CARDS as [(typeof CARDS)[0], (typeof CARDS)[0], (typeof CARDS)[0]];

function mockSession(flashcards = CARDS, settings: Record<string, unknown> = {}, desiredRetention = 0.9) {
  let position = 0;
  return mockApi({
    'GET /api/user/profile': () => json(profile(settings)),
    'GET /api/flashcards/scheduler': () => json({ desiredRetention, parameters: null, fit: null, reviews: 0, nextFitAt: 400 }),
    'POST /api/tts': () => new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } }),
    'GET /api/practice/flashcards': () => json({ dueCount: flashcards.filter((c) => c.isDue).length, flashcards }),
    'PATCH /api/flashcards': (call: Call) => {
      const { reviews } = call.body as { reviews: { id: string }[] };
      const schedule = {
        state: 'learning',
        dueDateStamp: NOW,
        stability: 1,
        difficulty: 5,
        scheduledDays: 0,
        reps: 1,
        lapses: 0,
        lastTimePracticedStamp: NOW,
        scheduled: true,
      };
      return json({
        changed: reviews.length,
        position: `${++position}.0`,
        cards: reviews.map(({ id }) => ({ ...schedule, id, reviewId: uuid() })),
        notFound: [],
      });
    },
    'POST /api/flashcards/undo-review': (call: Call) => {
      const { id } = call.body as { id: string };
      const schedule = {
        state: 'new',
        dueDateStamp: NOW,
        stability: 0,
        difficulty: 0,
        scheduledDays: 0,
        reps: 0,
        lapses: 0,
        lastTimePracticedStamp: null,
        scheduled: true,
      };
      return json({ changed: 1, position: `${++position}.0`, card: { ...schedule, id } });
    },
  });
}

const key = (k: string) => fireEvent.keyDown(window, { key: k });
const space = () => {
  fireEvent.keyDown(window, { key: ' ' });
  fireEvent.keyUp(window, { key: ' ' });
};
const sentReviews = (api: ReturnType<typeof mockApi>) =>
  api.to('PATCH /api/flashcards').map((c) => c.body as { reviews: unknown[]; source: string });
const progress = () => Number(screen.getByRole('progressbar', { name: 'Session progress' }).getAttribute('aria-valuenow'));

describe('review session', () => {
  it('shows the sentence the word was met in with the answer', async () => {
    mockSession([{ ...due('der Hund', 'the dog'), sentence: 'Der Hund läuft.' }]);
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    expect(document.querySelector('.pr-sentence')).toBeNull();
    space();
    expect(screen.getByText('the dog')).toBeTruthy();
    expect(document.querySelector('.pr-sentence__text')?.textContent).toBe('Der Hund läuft.');
    expect(document.querySelector('.pr-sentence__text mark')?.textContent).toBe('Der'); // the word highlighted
  });

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
    key('3'); // die Katze: Good
    await waitFor(() => expect(sentReviews(api)).toHaveLength(1));
    expect(sentReviews(api)[0]).toMatchObject({ reviews: [{ id: HUND.id, rating: 'easy' }], source: 'flashcards' });

    // The buttons work too.
    fireEvent.click(screen.getByRole('button', { name: /Show answer/ }));
    fireEvent.click(screen.getByRole('button', { name: /Hard/ }));

    await screen.findByRole('heading', { name: 'Session complete' });
    expect(screen.getByText('You reviewed 3 cards.')).toBeTruthy();
    const counts = Object.fromEntries(
      Array.from(document.querySelectorAll('.pr-result__count'), (el) => [
        el.querySelector('dt')?.textContent,
        el.querySelector('dd')?.textContent,
      ]),
    );
    expect(counts).toEqual({ Again: '0', Hard: '1', Good: '1', Easy: '1' });
    await screen.findByText('Your ratings are saved.');
    expect(sentReviews(api).map((b) => b.reviews)).toEqual([
      [{ id: HUND.id, rating: 'easy' }],
      [{ id: KATZE.id, rating: 'good' }],
      [{ id: HAUS.id, rating: 'hard' }],
    ]);
  });

  it('brings a card rated Again back after the other cards; the session ends only once it is answered otherwise', async () => {
    const api = mockSession();
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    space();
    key('1'); // der Hund: Again
    await screen.findByText('die Katze');
    expect(screen.getByText('Card 2 of 4')).toBeTruthy(); // the Again answer adds one to go
    space();
    key('3');
    space();
    key('3'); // das Haus
    expect(screen.getByText('der Hund')).toBeTruthy(); // back: the only card left
    expect(screen.getByText('Card 4 of 4')).toBeTruthy();
    space();
    key('1'); // Again once more: still not done
    expect(screen.getByText('der Hund')).toBeTruthy();
    expect(screen.getByText('Card 5 of 5')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Session complete' })).toBeNull();
    space();
    key('3');
    await screen.findByRole('heading', { name: 'Session complete' });
    expect(screen.getByText('You reviewed 3 cards.')).toBeTruthy();
    await screen.findByText('Your ratings are saved.');
    expect(sentReviews(api).map((b) => b.reviews[0])).toEqual([
      { id: HUND.id, rating: 'again' },
      { id: KATZE.id, rating: 'good' },
      { id: HAUS.id, rating: 'good' },
      { id: HUND.id, rating: 'again' },
      { id: HUND.id, rating: 'good' },
    ]);
  });

  it('shows a card rated Again before the rest once its step (1 minute for a new card) has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    mockSession();
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    space();
    key('1'); // der Hund: Again, back in a minute
    await screen.findByText('die Katze');
    vi.setSystemTime(Date.now() + 61_000);
    space();
    key('3'); // die Katze: Good; der Hund's step has passed, so it comes before das Haus
    expect(screen.getByText('der Hund')).toBeTruthy();
    space();
    key('3');
    expect(screen.getByText('das Haus')).toBeTruthy();
  });

  it('shows on each rating button the interval the scheduler would give', async () => {
    const learnt = {
      ...card({
        sourceValue: 'der Baum',
        targetValue: 'the tree',
        state: 'review',
        stability: 10,
        difficulty: 5,
        scheduledDays: 10,
        reps: 3,
        lastTimePracticedStamp: NOW - 10 * 86_400_000,
      }),
      isDue: true,
    };
    mockSession([HUND, learnt]);
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    expect(document.querySelector('.pr-rating__interval')).toBeNull(); // not before the answer shows
    space();
    const intervals = () => Array.from(document.querySelectorAll('.pr-rating__interval'), (el) => el.textContent);
    expect(intervals()).toEqual(['1m', '6m', '10m', '8d']); // a new card: the learning steps, or days for Easy
    key('3');
    space();
    // A card in review: a lapse relearns in 10 minutes, the others are what the server's scheduler gives.
    const { again, hard, good, easy } = ratingIntervals(scheduleOf(learnt), new Date());
    expect(again).toBe('10m');
    expect(intervals()).toEqual([again, hard, good, easy]);
    expect(new Set([hard, good, easy]).size).toBe(3);
  });

  it("previews with the learner's own scheduler: at 97% desired retention a learnt card comes back sooner", async () => {
    const learnt = {
      ...card({
        sourceValue: 'der Baum',
        targetValue: 'the tree',
        state: 'review',
        stability: 30,
        difficulty: 5,
        scheduledDays: 30,
        reps: 4,
      }),
      lastTimePracticedStamp: NOW - 30 * 86_400_000,
      isDue: true,
    };
    mockSession([learnt], {}, 0.97);
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Baum');
    space();
    const good = () => document.querySelectorAll('.pr-rating__interval')[2]?.textContent;
    const mine = ratingIntervals(scheduleOf(learnt), new Date(), { parameters: null, desiredRetention: 0.97 }).good;
    expect(mine).not.toBe(ratingIntervals(scheduleOf(learnt), new Date()).good);
    await waitFor(() => expect(good()).toBe(mine));
  });

  it('undoes the last rating from "Session complete": the server takes the review back and the card returns', async () => {
    const api = mockSession(CARDS.slice(0, 1));
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    space();
    key('3');
    await screen.findByRole('heading', { name: 'Session complete' });
    await screen.findByText('Your ratings are saved.');
    const undo = screen.getByRole('button', { name: /Undo last rating/ }) as HTMLButtonElement;
    await waitFor(() => expect(undo.disabled).toBe(false));
    fireEvent.click(undo);
    await screen.findByText('der Hund');
    expect(screen.getByText('the dog')).toBeTruthy(); // back on the answer side, ready to rate again
    const [sent] = sentReviews(api);
    expect(api.to('POST /api/flashcards/undo-review').map((c) => c.body)).toMatchObject([{ id: HUND.id }]);
    expect(sent).toMatchObject({ reviews: [{ id: HUND.id, rating: 'good' }] });
    key('4');
    await screen.findByRole('heading', { name: 'Session complete' });
    await screen.findByText('Your ratings are saved.');
    expect(sentReviews(api).map((b) => b.reviews[0])).toEqual([
      { id: HUND.id, rating: 'good' },
      { id: HUND.id, rating: 'easy' },
    ]);
    const counts = Object.fromEntries(
      Array.from(document.querySelectorAll('.pr-result__count'), (el) => [
        el.querySelector('dt')?.textContent,
        el.querySelector('dd')?.textContent,
      ]),
    );
    expect(counts).toEqual({ Again: '0', Hard: '0', Good: '0', Easy: '1' });
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
    mockSession([
      { ...card({ sourceValue: 'das Boot', targetValue: 'the boat', dueDateStamp: NOW + 2 * HOUR_MS - 60_000 }), isDue: false },
    ]);
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

describe('the profile switches of flashcards', () => {
  const play = vi.fn(async () => undefined);
  const stubAudio = () => {
    play.mockClear();
    vi.stubGlobal(
      'Audio',
      class {
        constructor(readonly src: string) {}
        addEventListener() {}
        play = play;
      },
    );
    URL.createObjectURL = vi.fn(() => 'blob:audio');
    URL.revokeObjectURL = vi.fn();
  };
  const spoken = (api: ReturnType<typeof mockApi>) => api.to('POST /api/tts').map((c) => c.body);
  const front = () => document.querySelector('.pr-flashcard__source')?.textContent;
  const back = () => document.querySelector('.pr-flashcard__target')?.textContent ?? null;

  it('"Play flashcards aloud" speaks each card\'s word when it shows, with the voice and speed of the settings', async () => {
    stubAudio();
    const api = mockSession(CARDS.slice(0, 2), { flashcards: { autoplay: true }, speech: { speed: 0.75, voices: { de: 'Hans' } } });
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(spoken(api)).toEqual([{ text: 'der Hund', voiceId: 'Hans', speed: 0.75 }]);
    // The flip shows the answer: the word is not spoken again.
    space();
    await screen.findByText('the dog');
    key('3');
    await screen.findByText('die Katze');
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(spoken(api).map((b) => (b as { text: string }).text)).toEqual(['der Hund', 'die Katze']);
  });

  it('"Show the translation side first" shows the translation, and the word after the flip (spoken then)', async () => {
    stubAudio();
    const api = mockSession(CARDS.slice(0, 1), { flashcards: { showTranslationFirst: true, autoplay: true } });
    renderSignedIn(<ReviewPage />);
    await screen.findByText('the dog');
    expect(front()).toBe('the dog');
    expect(back()).toBeNull();
    expect(screen.queryByText('der Hund')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(spoken(api)).toEqual([]);
    space();
    expect(back()).toBe('der Hund');
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(spoken(api)).toEqual([{ text: 'der Hund', voiceId: 'Marlene', speed: 1 }]);
  });

  it('with both switches off shows the word first and speaks nothing', async () => {
    stubAudio();
    const api = mockSession(CARDS.slice(0, 1), { flashcards: { showTranslationFirst: false, autoplay: false } });
    renderSignedIn(<ReviewPage />);
    await screen.findByText('der Hund');
    expect(front()).toBe('der Hund');
    space();
    expect(back()).toBe('the dog');
    await new Promise((r) => setTimeout(r, 20));
    expect(spoken(api)).toEqual([]);
    expect(play).not.toHaveBeenCalled();
  });
});
