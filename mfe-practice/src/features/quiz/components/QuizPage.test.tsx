// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { quickQuizList } from '@verba/contracts/http';
import { resetAll } from '../../../test/cleanup';
import { json, mockApi, renderSignedIn, uuid, type Call } from '../../../test/practice-api';
import { QuizPage } from './QuizPage';

afterEach(resetAll);

const [DOG, CAT, HOUSE] = [uuid(), uuid(), uuid()];
const options = (...ids: string[]) =>
  ids.map((id) => ({ id, targetValue: { [DOG]: 'the dog', [CAT]: 'the cat', [HOUSE]: 'the house' }[id]! }));
const QUIZ = quickQuizList.response.parse({
  questions: [
    { id: DOG, sourceValue: 'der Hund', options: options(CAT, DOG, HOUSE), uncertainInDictionary: true },
    { id: CAT, sourceValue: 'die Katze', options: options(HOUSE, CAT, DOG), uncertainInDictionary: false },
    { id: HOUSE, sourceValue: 'das Haus', options: options(HOUSE, DOG, CAT), uncertainInDictionary: false },
  ],
});

function mockQuiz() {
  let position = 0;
  return mockApi({
    'GET /api/practice/quick-quiz/list': () => json(QUIZ),
    'GET /api/practice/quick-quiz/one': (call: Call) =>
      json({ question: QUIZ.questions.find((q) => q.id === call.query.get('id')) ?? null }),
    'PATCH /api/practice/quick-quiz/one/update': (call: Call) => {
      const { id, answerId } = call.body as { id: string; answerId: string };
      const card = {
        id,
        state: 'learning',
        dueDateStamp: 1,
        stability: 1,
        difficulty: 5,
        scheduledDays: 0,
        reps: 1,
        lapses: 0,
        lastTimePracticedStamp: 1,
        scheduled: true,
      };
      return json({ correct: id === answerId, position: `${++position}.0`, card });
    },
  });
}

const answered = (api: ReturnType<typeof mockApi>) => api.to('PATCH /api/practice/quick-quiz/one/update').map((c) => c.body);

describe('quick quiz', () => {
  it('is played to the end with clicks and keys 1-4; the server checks each answer; the result lists the misses', async () => {
    const api = mockQuiz();
    renderSignedIn(<QuizPage />);
    await screen.findByRole('heading', { name: 'der Hund' });
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByText('Marked uncertain in your dictionary')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /the dog/ }));
    await screen.findByText('Correct!');
    expect(screen.getByRole('button', { name: /the dog/ }).className).toContain('pr-option--right');
    // Answered: the options are locked, a second key does not answer again.
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));

    await screen.findByRole('heading', { name: 'die Katze' });
    fireEvent.keyDown(window, { key: '1' }); // "the house": wrong
    await screen.findByText('Not quite: “die Katze” is “the cat”.');
    expect(screen.getByRole('button', { name: /the house/ }).className).toContain('pr-option--wrong');
    expect(screen.getByRole('button', { name: /the cat/ }).className).toContain('pr-option--right');
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));

    await screen.findByRole('heading', { name: 'das Haus' });
    fireEvent.keyDown(window, { key: '1' });
    await screen.findByText('Correct!');
    expect(Number(screen.getByRole('progressbar', { name: 'Quiz progress' }).getAttribute('aria-valuenow'))).toBe(100);
    fireEvent.click(screen.getByRole('button', { name: 'See your result' }));

    await screen.findByRole('heading', { name: 'Quiz complete' });
    expect(screen.getByText('2 of 3 correct.')).toBeTruthy();
    expect(screen.getByRole('list').textContent).toBe('die Katze — the cat');
    expect(answered(api)).toEqual([
      expect.objectContaining({ id: DOG, answerId: DOG }),
      expect.objectContaining({ id: CAT, answerId: HOUSE }),
      expect.objectContaining({ id: HOUSE, answerId: HOUSE }),
    ]);

    // The missed word is asked again (GET practice/quick-quiz/one), after the answers sent.
    fireEvent.click(screen.getByRole('button', { name: 'Ask the missed ones again' }));
    await screen.findByRole('heading', { name: 'die Katze' });
    expect(screen.getByText('Question 1 of 1')).toBeTruthy();
    const asked = api.to('GET /api/practice/quick-quiz/one');
    expect(asked.map((c) => [c.query.get('id'), c.query.get('minPosition')])).toEqual([[CAT, '3.0']]);
    fireEvent.keyDown(window, { key: '2' });
    await screen.findByText('Correct!');
    fireEvent.click(screen.getByRole('button', { name: 'See your result' }));
    await screen.findByText('1 of 1 correct.');
    expect(screen.queryByRole('button', { name: 'Ask the missed ones again' })).toBeNull();
  });

  it('"Play again" fetches new questions after the answers sent', async () => {
    const api = mockQuiz();
    renderSignedIn(<QuizPage />);
    for (const name of ['der Hund', 'die Katze', 'das Haus']) {
      await screen.findByRole('heading', { name });
      fireEvent.keyDown(window, { key: '2' });
      await screen.findByRole('button', { name: /Next question|See your result/ });
      fireEvent.click(screen.getByRole('button', { name: /Next question|See your result/ }));
    }
    await screen.findByText('2 of 3 correct.');
    fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    await screen.findByRole('heading', { name: 'der Hund' });
    await waitFor(() => expect(api.to('GET /api/practice/quick-quiz/list').at(-1)?.query.get('minPosition')).toBe('3.0'));
  });

  it('without cards explains how to add words from the reader', async () => {
    mockApi({ 'GET /api/practice/quick-quiz/list': () => json({ questions: [] }) });
    renderSignedIn(<QuizPage />);
    await screen.findByRole('heading', { name: 'No flashcards yet' });
  });
});
