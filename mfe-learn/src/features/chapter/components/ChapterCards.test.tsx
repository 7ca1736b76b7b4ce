// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chapterFlashcards, createChapterFlashcards, type Flashcard } from '@verba/contracts/http';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import {
  COMMAND_ID,
  CH,
  FAMILIE,
  LESSON_1,
  courseRoutes,
  mockApi,
  progress,
  routes,
  sent,
  asGermanLearner,
  type MockRoute,
} from '../../../test/fixtures';
import { LearnApp } from '../../../LearnApp';

/** A card made from the chapter, as the server sends it. */
const chapterCard = (sourceValue: string, targetValue: string, n: number): Flashcard =>
  chapterFlashcards.response.shape.flashcards.element.parse({
    id: `f000000${n}-0000-4000-8000-00000000000${n}`,
    languageCode: 'de',
    sourceValue,
    targetValue,
    timePracticed: 0,
    creationDateStamp: 1_700_000_000_000,
    lastTimePracticedStamp: null,
    origin: 'chapter',
    originId: CH.familie,
    originName: FAMILIE.title,
    status: 'uncertain',
    difficulty: 0,
    stability: 0,
    scheduledDays: 0,
    elapsedDays: 0,
    dueDateStamp: 1_700_000_000_000,
    state: 'new',
    reps: 0,
    lapses: 0,
  });

/** The chapter page's other reads, and a server that keeps the chapter's cards. */
function mockChapter(initial: Flashcard[]) {
  let cards = initial;
  const pageRoutes: MockRoute[] = [
    ...courseRoutes(() => progress([], { chapterId: CH.familie, lessonId: LESSON_1 })),
    { route: routes.getChapter, path: `/api/courses/${CH.familie}`, reply: () => FAMILIE },
    { route: routes.getDictionary, reply: () => ({ languageCode: 'de', words: [] }) },
    {
      route: routes.getChapterMatchWords,
      reply: () => ({ chapterId: CH.familie, pairs: FAMILIE.vocabulary, practiced: false, bestCorrect: null }),
    },
    { route: chapterFlashcards, reply: (url) => ({ chapterId: url.searchParams.get('chapterId'), flashcards: cards }) },
    {
      route: createChapterFlashcards,
      reply: (_url, body) => {
        const sent = (body as { flashcards: Array<{ sourceValue: string; targetValue: string }> }).flashcards;
        cards = [...cards, ...sent.map((c, i) => chapterCard(c.sourceValue, c.targetValue, cards.length + i + 1))];
        return { changed: sent.length, ids: cards.slice(-sent.length).map((c) => c.id), position: '12.0' };
      },
    },
  ];
  return mockApi(pageRoutes);
}

function openChapter() {
  window.history.replaceState(null, '', `/app/courses/chapter/${CH.familie}`);
  render(
    <KitProviders>
      <LearnApp />
    </KitProviders>,
  );
  return screen.findByRole('region', { name: 'Vocabulary' });
}

asGermanLearner();

describe("a chapter's vocabulary as flashcards", () => {
  it('adds every word of the vocabulary as a card from the chapter, then links to them in the card list', async () => {
    const fetchMock = mockChapter([]);
    const section = await openChapter();
    expect(await within(section).findByText('No flashcards from this chapter yet.')).toBeTruthy();
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Add 3 words as flashcards' })));

    await within(section).findByText('3 cards from this chapter in your flashcards.');
    expect(within(section).queryByRole('button', { name: /as flashcards/ })).toBeNull();
    expect(within(section).getByRole('link', { name: 'See them in your flashcards' }).getAttribute('href')).toBe(
      `/app/practice-portal/flashcards?origin=${CH.familie}`,
    );
    expect(JSON.parse(String(sent(fetchMock, 'POST', '/api/flashcards/chapter')[0]?.[1]?.body))).toEqual({
      languageCode: 'de',
      chapterId: CH.familie,
      chapterName: 'Meine Familie',
      // Each with the chapter's sentence it stands in.
      flashcards: [
        { sourceValue: 'Vater', targetValue: 'father', sentence: 'Mein Vater heißt Jonas.' },
        { sourceValue: 'Mutter', targetValue: 'mother', sentence: 'Meine Mutter ist Ärztin.' },
        { sourceValue: 'Familie', targetValue: 'family', sentence: 'Das ist meine Familie.' },
      ],
      commandId: COMMAND_ID,
    });
    // The cards are read back at the write's position (read-your-writes).
    const reads = sent(fetchMock, 'GET', '/api/flashcards/chapter').map(([url]) => url);
    expect(reads.at(-1)).toContain('minPosition=12.0');
    expect(toastStore.get()[0]?.title).toBe('3 words added to your flashcards');
  });

  it('adds only the words that have no card from the chapter yet (case ignored)', async () => {
    const fetchMock = mockChapter([chapterCard('vater', 'father', 1)]);
    const section = await openChapter();
    await within(section).findByText('1 card from this chapter in your flashcards.');
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Add the other 2 words as flashcards' })));
    await within(section).findByText('3 cards from this chapter in your flashcards.');
    const body = JSON.parse(String(sent(fetchMock, 'POST', '/api/flashcards/chapter')[0]?.[1]?.body)) as {
      flashcards: Array<{ sourceValue: string }>;
    };
    expect(body.flashcards.map((c) => c.sourceValue)).toEqual(['Mutter', 'Familie']);
  });

  it('says so and keeps the button when the cards could not be added', async () => {
    const fetchMock = mockChapter([]);
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ message: 'At most 500 flashcards at once' }), {
            status: 400,
            headers: { 'content-type': 'application/problem+json' },
          })
        : served(input, init),
    );
    const section = await openChapter();
    const add = await within(section).findByRole('button', { name: 'Add 3 words as flashcards' });
    await act(async () => fireEvent.click(add));
    await waitFor(() => expect(toastStore.get()[0]?.title).toBe('The words could not be added to your flashcards.'));
    expect(toastStore.get()[0]?.description).toBe('At most 500 flashcards at once');
    expect(within(section).getByRole('button', { name: 'Add 3 words as flashcards' })).toBeTruthy();
    expect(within(section).getByText('No flashcards from this chapter yet.')).toBeTruthy();
  });
});
