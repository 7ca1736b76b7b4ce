// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KitProviders } from '@verba/kit/query';
import { COMMAND_ID, CH, FAMILIE, mockApi, routes, sent, asGermanLearner } from '../../../test/fixtures';
import { MatchWords } from './MatchWords';

function setUp(bestBefore: number | null = null) {
  // Like the server: it keeps the best result, and a read at the save's position includes it.
  let bestCorrect = bestBefore;
  const fetchMock = mockApi([
    {
      route: routes.getChapterMatchWords,
      reply: () => ({ chapterId: CH.familie, pairs: FAMILIE.vocabulary, practiced: bestCorrect !== null, bestCorrect }),
    },
    {
      route: routes.patchChapterMatchWords,
      reply: (_url, body) => {
        bestCorrect = Math.max(bestCorrect ?? 0, (body as { correct: number }).correct);
        return { changed: 1, position: '7.0' };
      },
    },
  ]);
  render(
    <KitProviders>
      <MatchWords chapterId={CH.familie} languageCode="de" />
    </KitProviders>,
  );
  return fetchMock;
}
const button = (name: string) => screen.getByRole('button', { name });
const saved = (fetchMock: ReturnType<typeof mockApi>) =>
  sent(fetchMock, 'PATCH', '/api/courses/chapter-match-words').map(([, init]) => JSON.parse(String(init?.body)));

asGermanLearner();

describe('MatchWords', () => {
  it('matches each word to its translation, one try per word, then saves and shows the result', async () => {
    const fetchMock = setUp(1);
    await screen.findByText('Your best: 1 of 3');
    expect(screen.getByText(/You have 15 seconds/)).toBeTruthy();
    fireEvent.click(button('Start matching'));

    // A translation can only be chosen once a word is picked.
    expect((button('father') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('Vater'));
    expect(button('Vater').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('father'));
    expect(button('Vater: right')).toBeTruthy();
    expect((button('father') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(button('Mutter'));
    fireEvent.click(button('family')); // wrong: Mutter is out, showing its translation
    expect(button('Mutter: wrong, it means mother')).toBeTruthy();
    expect(screen.getByText('1 correct so far')).toBeTruthy();

    fireEvent.click(button('Familie'));
    fireEvent.click(button('family'));
    expect(screen.getByRole('status').textContent).toContain('You matched 2 of 3 correctly.');
    await screen.findByText('Result saved.');
    expect(saved(fetchMock)).toEqual([{ chapterId: CH.familie, languageCode: 'de', correct: 2, commandId: COMMAND_ID }]);
    // Read again at the save's position.
    expect(await screen.findByText('Your best: 2 of 3')).toBeTruthy();
    expect(
      sent(fetchMock, 'GET', '/api/courses/chapter-match-words').map(([url]) =>
        new URL(String(url), 'http://x').searchParams.get('minPosition'),
      ),
    ).toEqual([null, '7.0']);
  });

  it('puts each answered translation beside its word, and every pair side by side at the end', async () => {
    setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Start matching' }));
    /** Row by row: the word's tile and the translation tile beside it. */
    const rows = () => {
      const [words, translations] = ['Words', 'Translations'].map((name) =>
        within(screen.getByRole('list', { name }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      );
      return words!.map((w, i) => `${w} | ${translations![i]}`);
    };
    fireEvent.click(button('Mutter'));
    fireEvent.click(button('mother'));
    expect(rows()).toContain('Mutter ✓ | mother');
    fireEvent.click(button('Vater'));
    fireEvent.click(button('family'));
    expect(rows()).toEqual(expect.arrayContaining(['Mutter ✓ | mother', 'Vater ✗ father | father']));
    fireEvent.click(button('Familie'));
    fireEvent.click(button('family'));
    expect(rows()).toEqual(['Vater ✗ father | father', 'Mutter ✓ | mother', 'Familie ✓ | family']);
    await screen.findByText('Result saved.'); // its position must not reach the next test
  });

  it('ends when the clock runs out and saves what was matched', async () => {
    const fetchMock = setUp();
    await screen.findByRole('button', { name: 'Start matching' });
    expect(screen.queryByText(/Your best/)).toBeNull();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(button('Start matching'));
    expect(screen.getByText('15 s left')).toBeTruthy();
    fireEvent.click(button('Mutter'));
    fireEvent.click(button('mother'));
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.getByText('10 s left')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(10_000));

    expect(screen.getByRole('status').textContent).toContain('Time is up! You matched 1 of 3 correctly.');
    expect((button('Vater') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() =>
      expect(saved(fetchMock)).toEqual([{ chapterId: CH.familie, languageCode: 'de', correct: 1, commandId: COMMAND_ID }]),
    );
    await screen.findByText('Your best: 1 of 3');
    // Played again, the clock starts over.
    fireEvent.click(button('Play again'));
    expect(screen.getByText('15 s left')).toBeTruthy();
  });

  it('offers a retry when the result cannot be saved', async () => {
    const fetchMock = setUp();
    await screen.findByRole('button', { name: 'Start matching' });
    const served = fetchMock.getMockImplementation()!;
    let fail = true;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PATCH' && fail
        ? new Response(JSON.stringify({ message: 'Chapter not found' }), { status: 404 })
        : served(input, init),
    );
    fireEvent.click(button('Start matching'));
    for (const [word, translation] of [
      ['Vater', 'father'],
      ['Mutter', 'mother'],
      ['Familie', 'family'],
    ] as const) {
      fireEvent.click(button(word));
      fireEvent.click(button(translation));
    }
    expect((await screen.findByRole('alert')).textContent).toContain('Your result could not be saved.Chapter not found');
    fail = false;
    fireEvent.click(button('Try again'));
    await screen.findByText('Result saved.');
    expect(saved(fetchMock).map((b) => b.correct)).toEqual([3, 3]);
  });
});
