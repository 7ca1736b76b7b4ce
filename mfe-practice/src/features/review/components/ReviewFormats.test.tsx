// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@verba/contracts';
import { resetAll } from '../../../test/cleanup';
import { NOW, card, json, mockApi, profile, renderSignedIn, uuid, type Call } from '../../../test/practice-api';
import { ReviewPage } from './ReviewPage';

afterEach(() => {
  resetAll();
  localStorage.clear();
});

const due = (sourceValue: string, targetValue: string, sentence?: string) => ({
  ...card({ sourceValue, targetValue }),
  ...(sentence ? { sentence } : {}),
  isDue: true,
});
const HUND = due('Hund', 'dog', 'Ich sehe den Hund im Park.');
const SCHOEN = due('schön', 'beautiful');
const KATZE = due('Katze', 'cat');
const HAUS = due('Haus', 'house');

const audio = new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'audio/wav' } });

function mockSession(flashcards: ReadonlyArray<ReturnType<typeof due>>, { tts = () => audio.clone(), settings = {} } = {}) {
  let position = 0;
  return mockApi({
    'GET /api/user/profile': () => json(profile(settings)),
    'GET /api/flashcards/scheduler': () => json({ desiredRetention: 0.9, parameters: null, fit: null, reviews: 0, nextFitAt: 400 }),
    'POST /api/tts': tts,
    'GET /api/practice/flashcards': () => json({ dueCount: flashcards.length, flashcards }),
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
  });
}

const play = vi.fn(async () => undefined);
function stubAudio() {
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
}

const sent = (api: ReturnType<typeof mockApi>) =>
  api.to('PATCH /api/flashcards').map((c) => c.body as { reviews: Array<{ id: string; rating: string }>; source: string });
const spoken = (api: ReturnType<typeof mockApi>) => api.to('POST /api/tts').map((c) => (c.body as { text: string }).text);
const status = () => document.querySelector('.pr-answer__feedback')?.textContent ?? '';

const boxes = () =>
  Object.fromEntries(
    (screen.getAllByRole('checkbox') as HTMLInputElement[]).map((b) => [
      b.closest('label')?.querySelector('strong')?.textContent,
      b.checked,
    ]),
  );

/** Chooses the session's mix in its dialog (before the first answer); the session starts again with it. */
async function begin(formats: string[], mode: 'Typing the word' | 'Picking it from four' = 'Typing the word') {
  fireEvent.click(await screen.findByRole('button', { name: 'Choose how to review' }));
  const dialog = await screen.findByRole('dialog', { name: 'How to review' });
  for (const box of screen.getAllByRole('checkbox') as HTMLInputElement[]) {
    const name = box.closest('label')?.querySelector('strong')?.textContent ?? '';
    if (box.checked !== formats.includes(name)) fireEvent.click(box);
  }
  fireEvent.click(screen.getByRole('radio', { name: mode }));
  // The form submits asynchronously: act waits for the new session and its key listeners.
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Review this way' })));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}

/** Types an answer and checks it (the Check button is the form's Enter). */
async function answer(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Check/ })));
}

describe('the mix picker', () => {
  it('offers the four formats (flip alone at first) before the first answer, needs one, and remembers the mix', async () => {
    mockSession([HUND, KATZE]);
    const view = renderSignedIn(<ReviewPage />);
    await screen.findByText('Card 1 of 2');
    expect(screen.getByText('This session: Flip')).toBeTruthy();
    expect(document.querySelector('.pr-flashcard__source')?.textContent).toBe('Hund');
    fireEvent.click(screen.getByRole('button', { name: 'Choose how to review' }));
    await screen.findByRole('dialog', { name: 'How to review' });
    expect(boxes()).toEqual({ Flip: true, Cloze: false, Typed: false, Listening: false });
    expect(screen.getByRole('group', { name: 'Ways to review' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: 'Review this way' }), { key: ' ' });
    expect(document.querySelector('.pr-flashcard__target')).toBeNull(); // keys in the dialog are the dialog's

    fireEvent.click(screen.getByRole('checkbox', { name: /Flip/ }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Review this way' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Pick at least one way to review');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    await begin(['Cloze', 'Typed'], 'Picking it from four');
    expect(screen.getByText('This session: Cloze, Typed (picked from four)')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Pick the word' })).toBeTruthy(); // Hund: cloze, picked
    fireEvent.click(screen.getByRole('button', { name: /Hund/ }));
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    expect(screen.queryByRole('button', { name: 'Choose how to review' })).toBeNull(); // only before the first answer
    view.unmount();

    renderSignedIn(<ReviewPage />);
    await screen.findByText('This session: Cloze, Typed (picked from four)');
    fireEvent.click(screen.getByRole('button', { name: 'Choose how to review' }));
    await screen.findByRole('dialog', { name: 'How to review' });
    expect(boxes()).toEqual({ Flip: false, Cloze: true, Typed: true, Listening: false });
    expect((screen.getByRole('radio', { name: 'Picking it from four' }) as HTMLInputElement).checked).toBe(true);
  });

  it('gives the formats in turn, cloze only to a card with its sentence', async () => {
    mockSession([KATZE, SCHOEN, HUND]);
    renderSignedIn(<ReviewPage />);
    await begin(['Cloze', 'Flip']);
    // In the mix's order: Katze flip; schön's turn is cloze but it has no sentence, so flip; Hund cloze.
    await screen.findByText('Katze');
    expect(document.querySelector('.pr-flashcard__source')?.textContent).toBe('Katze');
    fireEvent.keyDown(window, { key: ' ' });
    fireEvent.keyDown(window, { key: '3' });
    expect(document.querySelector('.pr-flashcard__source')?.textContent).toBe('schön');
    fireEvent.keyDown(window, { key: ' ' });
    fireEvent.keyDown(window, { key: '3' });
    await answer('The missing word', 'Hund');
    expect(status()).toBe('Correct! Graded Good.');
  });
});

describe('cloze', () => {
  it('blanks the word in its sentence; typed right is sent as Good, and the sentence shows with its word', async () => {
    stubAudio();
    const api = mockSession([HUND, KATZE], { settings: { flashcards: { autoplay: true } } });
    localStorage.setItem('verba.practice.review-mix', JSON.stringify({ formats: ['cloze'], answerMode: 'type' })); // chosen before
    renderSignedIn(<ReviewPage />);
    const sentence = await screen.findByText(/Ich sehe den/);
    expect(sentence.textContent).toBe('Ich sehe den missing word im Park.'); // the gap, named for screen readers
    expect(screen.getByText('Meaning: dog')).toBeTruthy();
    expect(spoken(api)).toEqual([]); // nothing spoken before the answer: it would give it away

    await answer('The missing word', '  hund. ');
    expect(status()).toBe('Correct! Graded Good.');
    expect(document.querySelector('.pr-answer__feedback')?.getAttribute('aria-live')).toBe('polite');
    expect(document.querySelector('.pr-sentence__text mark')?.textContent).toBe('Hund');
    // "Play flashcards aloud": the whole sentence once answered.
    await waitFor(() => expect(spoken(api)).toEqual(['Ich sehe den Hund im Park.']));
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));

    // Katze has no sentence: typed instead.
    await answer('The word in German', 'Katze');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByRole('heading', { name: 'Session complete' });
    await screen.findByText('Your ratings are saved.');
    expect(sent(api)).toMatchObject([
      { reviews: [{ id: HUND.id, rating: 'good' }], source: 'flashcards' },
      { reviews: [{ id: KATZE.id, rating: 'good' }], source: 'flashcards' },
    ]);
  });

  it("picked among four of the learner's words: the wrong one is sent as Again, with the right one shown", async () => {
    const api = mockSession([HUND, KATZE, HAUS, SCHOEN]);
    renderSignedIn(<ReviewPage />);
    await begin(['Cloze'], 'Picking it from four');
    const options = await screen.findByRole('list', { name: 'Pick the word' });
    const names = Array.from(options.querySelectorAll('button'), (b) => b.textContent?.slice(1).trim());
    expect([...names].sort()).toEqual(['Haus', 'Hund', 'Katze', 'schön']);
    const wrong = names.findIndex((n) => n === 'Katze');
    fireEvent.keyDown(window, { key: String(wrong + 1) });
    expect(status()).toBe('Not quite: it is “Hund”. Graded Again.');
    expect(document.activeElement?.textContent).toMatch(/Next card/);
    fireEvent.keyDown(window, { key: 'Enter' }); // Enter goes on
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Pick the word' })).toBeNull()); // the others are typed
    await answer('The word in German', 'Katze');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await waitFor(() => expect(sent(api)).toHaveLength(1));
    expect(sent(api)[0]).toMatchObject({ reviews: [{ id: HUND.id, rating: 'again' }], source: 'flashcards' });
  });
});

describe('typed', () => {
  it('hints at a missing umlaut and takes one more try: right then is sent as Hard', async () => {
    const api = mockSession([SCHOEN]);
    renderSignedIn(<ReviewPage />);
    await begin(['Typed']);
    expect(await screen.findByText('beautiful')).toBeTruthy();
    await answer('The word in German', 'Schon');
    expect(status()).toBe('Check the accents: ö. Try once more.');
    expect(screen.queryByRole('button', { name: /Next card/ })).toBeNull();
    await answer('The word in German', 'schön');
    expect(status()).toBe('Correct! Graded Hard.');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByText('Your ratings are saved.');
    expect(sent(api)).toMatchObject([{ reviews: [{ id: SCHOEN.id, rating: 'hard' }], source: 'flashcards' }]);
  });

  it('counts a typo in a long word as right but Hard, and a wrong word as Again', async () => {
    const api = mockSession([KATZE, HAUS]);
    renderSignedIn(<ReviewPage />);
    await begin(['Typed']);
    await screen.findByText('cat');
    await answer('The word in German', 'Katez');
    expect(status()).toBe('Almost: it is spelled “Katze”. A typo counts. Graded Hard.');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await answer('The word in German', 'Maus');
    expect(status()).toBe('Not quite: it is “Haus”. Graded Again.');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    // Again brings Haus back, typed once more.
    await answer('The word in German', 'Haus');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByText('Your ratings are saved.');
    expect(sent(api).map((b) => b.reviews[0]?.rating)).toEqual(['hard', 'again', 'good']);
  });
});

describe('listening', () => {
  it('speaks the word with the voice of the settings; what was heard, typed, is graded', async () => {
    stubAudio();
    const api = mockSession([KATZE], { settings: { speech: { voices: { de: 'Hans' } } } });
    renderSignedIn(<ReviewPage />);
    await begin(['Listening']);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(api.to('POST /api/tts').map((c) => c.body)).toEqual([{ text: 'Katze', voiceId: 'Hans', speed: 1 }]);
    expect(screen.queryByText('cat')).toBeNull(); // nothing on screen gives the word away
    fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(spoken(api)).toHaveLength(1); // the audio is played again, not asked for again
    await answer('What you heard', 'katze');
    expect(status()).toBe('Correct! Graded Good.');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByText('Your ratings are saved.');
    expect(sent(api)).toMatchObject([{ reviews: [{ id: KATZE.id, rating: 'good' }], source: 'flashcards' }]);
    expect(screen.getByText('Listening 1 of 1 right')).toBeTruthy();
  });

  it('over the Free monthly limit the card is typed, with a notice, and the next ones are typed without asking again', async () => {
    stubAudio();
    const api = mockSession([KATZE, HAUS], { tts: () => json({ title: 'Forbidden', status: 403 }, 403) });
    renderSignedIn(<ReviewPage />);
    await begin(['Listening']);
    expect(await screen.findByText(`${MESSAGES.tts.monthlyLimitReached} This card is typed instead.`)).toBeTruthy();
    expect(screen.getByText('cat')).toBeTruthy();
    await answer('The word in German', 'Katze');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByText('house');
    await answer('The word in German', 'Haus');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByText('Your ratings are saved.');
    expect(spoken(api)).toEqual(['Katze']);
    expect(play).not.toHaveBeenCalled();
    expect(sent(api).map((b) => b.reviews[0]?.rating)).toEqual(['good', 'good']);
    expect(screen.getByText('Typed 2 of 2 right')).toBeTruthy(); // they were answered typed
  });
});

describe('the summary', () => {
  it("shows each format's accuracy besides the ratings", async () => {
    mockSession([KATZE, HAUS, SCHOEN, HUND]);
    renderSignedIn(<ReviewPage />);
    await begin(['Flip', 'Typed']);
    // Katze: flip, Good.
    await screen.findByText('Katze');
    fireEvent.keyDown(window, { key: ' ' });
    fireEvent.keyDown(window, { key: '3' });
    // Haus: typed, wrong (Again: back at the end).
    await answer('The word in German', 'Hus');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    // schön: flip, Hard.
    fireEvent.keyDown(window, { key: ' ' });
    fireEvent.keyDown(window, { key: '2' });
    // Hund: typed, right.
    await answer('The word in German', 'Hund');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    // Haus again, typed: right now.
    await answer('The word in German', 'Haus');
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByRole('heading', { name: 'Session complete' });
    expect(screen.getByText('You reviewed 4 cards.')).toBeTruthy();
    const formats = Array.from(document.querySelectorAll('.pr-result__format'), (el) => el.textContent);
    expect(formats).toEqual(['Flip 2 of 2 right', 'Typed 2 of 3 right']);
  });
});

describe('accessibility', () => {
  const violations = async () => {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
  };

  it('the mix dialog, a cloze answered and a picked listening card pass axe', async () => {
    stubAudio();
    mockSession([HUND, KATZE, HAUS]);
    renderSignedIn(<ReviewPage />);
    await screen.findByText('Card 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Choose how to review' }));
    await screen.findByRole('dialog', { name: 'How to review' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    await begin(['Cloze', 'Listening'], 'Picking it from four');
    await screen.findByRole('list', { name: 'Pick the word' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Hund/ }));
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Next card/ }));
    await screen.findByRole('button', { name: 'Play again' });
    expect(await violations()).toEqual([]);
  });
});
