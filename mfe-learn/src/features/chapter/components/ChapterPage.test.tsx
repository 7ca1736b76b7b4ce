// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  COURSE_MESSAGES,
  chapterFlashcards,
  checkAnswer,
  checkExerciseAnswer,
  getChapterExercises,
  getChapterOrder,
} from '@verba/contracts';
import { recordTime } from '@verba/contracts/http';
import { toastStore } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import {
  COMMAND_ID,
  COURSE_ID,
  CH,
  FAMILIE,
  LESSONS,
  LESSON_1,
  LESSON_2,
  MORGEN,
  courseRoutes,
  mockApi,
  progress,
  routes,
  sent,
  asGermanLearner,
  startOver,
  type MockRoute,
} from '../../../test/fixtures';
import { LearnApp } from '../../../LearnApp';
import { cardClasses, nestedCards } from '../../../test/cards';

const chapterRoute = (chapter: typeof FAMILIE, completed: () => boolean = () => false): MockRoute => ({
  route: routes.getChapter,
  path: `/api/courses/${chapter.id}`,
  reply: () => ({ ...chapter, completed: completed() }),
});
const wordRoutes = (): MockRoute[] => [
  { route: routes.getDictionary, reply: () => ({ languageCode: 'de', words: [{ value: 'vater', status: 'known' }] }) },
  { route: routes.patchWord, reply: (_url, body) => ({ changed: 1, word: (body as { word: { value: string; status: 'new' } }).word }) },
  {
    route: routes.getChapterMatchWords,
    reply: (url) => ({ chapterId: url.searchParams.get('chapterId'), pairs: FAMILIE.vocabulary, practiced: false, bestCorrect: null }),
  },
  { route: chapterFlashcards, reply: (url) => ({ chapterId: url.searchParams.get('chapterId'), flashcards: [] }) },
];

function openChapter(id: string) {
  window.history.replaceState(null, '', `/app/courses/chapter/${id}`);
  return render(
    <KitProviders>
      <LearnApp />
    </KitProviders>,
  );
}
const words = (key: string) => Array.from(document.querySelectorAll<HTMLElement>(`.ln-text [data-key="${key}"]`));

asGermanLearner();

describe('ChapterPage', () => {
  it('shows the chapter text as words coloured by status, its lesson and its vocabulary', async () => {
    mockApi([
      ...courseRoutes(() => progress([CH.hallo], { chapterId: CH.familie, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      ...wordRoutes(),
    ]);
    openChapter(CH.familie);
    await screen.findByRole('heading', { name: 'Meine Familie', level: 1 });
    await screen.findByText('Erste Schritte');
    expect(document.querySelector('.ln-text')?.textContent).toBe(FAMILIE.text);
    expect(Array.from(document.querySelectorAll('.ln-text [data-key]'), (s) => s.textContent)).toEqual([
      'Das',
      'ist',
      'meine',
      'Familie',
      'Mein',
      'Vater',
      'heißt',
      'Jonas',
      'Meine',
      'Mutter',
      'ist',
      'Ärztin',
    ]);
    expect(words('vater')[0]?.className).toBe('ln-w ln-w--known');
    expect(words('mutter')[0]?.className).toBe('ln-w ln-w--new');
    expect(document.querySelectorAll('.ln-text [tabindex="0"]')).toHaveLength(1);

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['WordTranslation', 'Vaterfather', 'Muttermother', 'Familiefamily']);
  });

  it('marks words New, Uncertain or Known by click or keyboard, every occurrence at once', async () => {
    const fetchMock = mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      ...wordRoutes(),
    ]);
    openChapter(CH.familie);
    await screen.findByRole('heading', { name: 'Meine Familie', level: 1 });
    await waitFor(() => expect(words('mutter')).toHaveLength(1));

    fireEvent.click(words('mutter')[0] as HTMLElement);
    const card = screen.getByRole('complementary', { name: 'Selected word' });
    expect(within(card).getByText('mother')).toBeTruthy(); // the chapter's translation
    fireEvent.click(within(card).getByRole('button', { name: 'Known' }));
    await waitFor(() => expect(words('mutter')[0]?.className).toBe('ln-w ln-w--known'));
    expect(within(card).getByRole('button', { name: 'Known' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    expect(JSON.parse(String(sent(fetchMock, 'PATCH', '/api/dictionary/word')[0]?.[1]?.body))).toEqual({
      languageCode: 'de',
      word: { value: 'mutter', status: 'known' },
      commandId: COMMAND_ID,
    });

    // Keyboard: End jumps to the last word, ArrowLeft three times reaches "Meine"; 2 marks it (and "meine") Uncertain.
    const focusedAfter = (key: string) => {
      fireEvent.keyDown(document.activeElement as HTMLElement, { key });
      return document.activeElement as HTMLElement;
    };
    (words('das')[0] as HTMLElement).focus();
    expect(focusedAfter('End').textContent).toBe('Ärztin');
    focusedAfter('ArrowLeft');
    focusedAfter('ArrowLeft');
    const meine = focusedAfter('ArrowLeft');
    expect([meine.textContent, meine.tabIndex]).toEqual(['Meine', 0]);
    expect(document.querySelectorAll('.ln-text [tabindex="0"]')).toHaveLength(1);
    focusedAfter('2');
    await waitFor(() => expect(words('meine').map((w) => w.className)).toEqual(['ln-w ln-w--uncertain', 'ln-w ln-w--uncertain']));
    await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(2));
  });

  it('reads the dictionary once, where the chapter opened: a mark answering a position does not read it again', async () => {
    const fetchMock = mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      {
        route: routes.patchWord,
        reply: (_url, body) => ({ changed: 1, word: (body as { word: { value: string } }).word, position: '9.0' }),
      },
      ...wordRoutes(),
    ]);
    openChapter(CH.familie);
    await waitFor(() => expect(words('mutter')).toHaveLength(1));
    fireEvent.click(words('mutter')[0] as HTMLElement);
    const card = screen.getByRole('complementary', { name: 'Selected word' });
    fireEvent.click(within(card).getByRole('button', { name: 'Known' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/dictionary/word')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50)); // a read at 9.0 would have gone out by now
    expect(words('mutter')[0]?.className).toBe('ln-w ln-w--known');
    expect(sent(fetchMock, 'GET', '/api/dictionary').map(([url]) => String(url))).toEqual(['/api/dictionary?languageCode=de']);
  });

  it('rolls a mark back and says so when saving fails', async () => {
    let answer: (status: number) => void = () => undefined;
    const held = new Promise<number>((resolve) => (answer = resolve));
    const fetchMock = mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      ...wordRoutes(),
    ]);
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method !== 'PATCH') return served(input, init);
      await held;
      return new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429 });
    });
    openChapter(CH.familie);
    await waitFor(() => expect(words('vater')).toHaveLength(1));
    const vater = words('vater')[0] as HTMLElement;
    vater.focus();
    fireEvent.keyDown(vater, { key: 'n' });
    await waitFor(() => expect(words('vater')[0]?.className).toBe('ln-w ln-w--new'));
    answer(429);
    await waitFor(() => expect(words('vater')[0]?.className).toBe('ln-w ln-w--known'));
    expect(toastStore.get()[0]?.description).toBe('Too many requests');
  });

  it("sends the seconds spent on the chapter with PATCH /api/user/time, in the chapter's language, when the learner leaves", async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the page's clock only: the page still loads on real timers
    const fetchMock = mockApi([
      ...courseRoutes(() => progress([CH.hallo], { chapterId: CH.familie, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      ...wordRoutes(),
      { route: recordTime, reply: () => ({ ok: true }) },
    ]);
    const { unmount } = openChapter(CH.familie);
    await screen.findByRole('heading', { name: 'Meine Familie', level: 1 });
    expect(sent(fetchMock, 'PATCH', '/api/user/time')).toHaveLength(0);
    vi.setSystemTime(Date.now() + 95_000);
    unmount();
    await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/user/time')).toHaveLength(1));
    expect(JSON.parse(String(sent(fetchMock, 'PATCH', '/api/user/time')[0]?.[1]?.body))).toEqual({ seconds: 95, languageCode: 'de' });
  });

  it('"Complete chapter" saves the chapter and moves on to the next chapter to learn', async () => {
    let completed: string[] = [CH.hallo];
    const next = () =>
      completed.includes(CH.familie) ? { chapterId: CH.morgen, lessonId: LESSON_2 } : { chapterId: CH.familie, lessonId: LESSON_1 };
    const fetchMock = mockApi([
      ...courseRoutes(() => progress(completed, next())),
      chapterRoute(FAMILIE, () => completed.includes(CH.familie)),
      chapterRoute(MORGEN),
      ...wordRoutes(),
      {
        route: routes.addProgress,
        reply: (_url, body) => {
          completed = [...completed, (body as { chapterId: string }).chapterId];
          return { changed: 1, position: '42.0' };
        },
      },
    ]);
    openChapter(CH.familie);
    await screen.findByRole('heading', { name: 'Meine Familie', level: 1 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Complete chapter' })));

    const title = await screen.findByRole('heading', { name: 'Ein normaler Morgen', level: 1 });
    expect(window.location.pathname).toBe(`/app/courses/chapter/${CH.morgen}`);
    expect(document.activeElement).toBe(title); // the new chapter is announced
    expect(JSON.parse(String(sent(fetchMock, 'POST', '/api/courses/progress/add')[0]?.[1]?.body))).toEqual({
      chapterId: CH.familie,
      languageCode: 'de',
      commandId: COMMAND_ID,
    });
    // The progress is read back at the command's position (read-your-writes).
    const reads = sent(fetchMock, 'GET', '/api/courses/progress').map(([url]) => url);
    expect(reads).toContain('/api/courses/progress?languageCode=de&minPosition=42.0');
    expect(toastStore.get()[0]?.title).toBe('Chapter completed');
  });

  it('"Discuss" takes the learner to the forum page of this chapter’s thread, with its title', async () => {
    mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.familie, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      chapterRoute(MORGEN),
      ...wordRoutes(),
    ]);
    openChapter(CH.familie);
    await screen.findByRole('heading', { name: 'Meine Familie', level: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Discuss' }));
    // The shell's forum page (outside this fragment) opens the chapter's one thread, or offers to start it.
    expect(window.location.pathname).toBe(`/app/forum/discuss/chapter/${CH.familie}`);
    expect(new URLSearchParams(window.location.search).get('title')).toBe('Meine Familie');

    // Each chapter links its own thread.
    startOver();
    openChapter(CH.morgen);
    await screen.findByRole('heading', { name: 'Ein normaler Morgen', level: 1 });
    expect(screen.getByRole('link', { name: 'Discuss' }).getAttribute('href')).toBe(
      `/app/forum/discuss/chapter/${CH.morgen}?title=Ein+normaler+Morgen`,
    );
  });

  it('a completed chapter offers the next one instead of completing it again', async () => {
    mockApi([
      ...courseRoutes(() => progress([CH.hallo, CH.familie], { chapterId: CH.morgen, lessonId: LESSON_2 })),
      chapterRoute(FAMILIE, () => true),
      ...wordRoutes(),
    ]);
    openChapter(CH.familie);
    const next = await screen.findByRole('link', { name: 'Next chapter' });
    expect(next.getAttribute('href')).toBe(`/app/courses/chapter/${CH.morgen}`);
    expect(screen.queryByRole('button', { name: 'Complete chapter' })).toBeNull();
  });

  it('draws no card inside another card (the Next chapter link, the text and the word card stand alone)', async () => {
    mockApi([
      ...courseRoutes(() => progress([CH.hallo, CH.familie], { chapterId: CH.morgen, lessonId: LESSON_2 })),
      chapterRoute(FAMILIE, () => true),
      ...wordRoutes(),
    ]);
    openChapter(CH.familie);
    await screen.findByRole('link', { name: 'Next chapter' });
    await waitFor(() => expect(words('mutter')).toHaveLength(1));
    fireEvent.click(words('mutter')[0] as HTMLElement);
    screen.getByRole('complementary', { name: 'Selected word' });
    const { cards, nested } = nestedCards(document.body, cardClasses(import.meta.url, '../../learn.css'));
    expect(cards.map((card) => card.className)).toEqual(expect.arrayContaining(['ln-text', 'ln-card']));
    expect(nested.map((card) => card.className)).toEqual([]);
  });

  it('shows the upgrade path for a premium chapter and an error for a missing one', async () => {
    mockApi([
      { route: routes.getChapter, path: `/api/courses/${CH.markt}`, reply: { status: 403, message: COURSE_MESSAGES.premiumChapter } },
    ]);
    openChapter(CH.markt);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(COURSE_MESSAGES.premiumChapter);
    expect(within(alert).getByRole('link', { name: 'Upgrade to Master' }).getAttribute('href')).toBe('/app/user-profile/subscribe');
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();

    startOver();
    mockApi([
      { route: routes.getChapter, path: `/api/courses/${CH.hidden}`, reply: { status: 404, message: COURSE_MESSAGES.chapterNotFound } },
    ]);
    openChapter(CH.hidden);
    expect((await screen.findByRole('alert')).textContent).toContain('Chapter not found');
    expect(screen.getByRole('link', { name: '← Course map' }).getAttribute('href')).toBe('/app/courses');
  });

  it('shows the exercises after the text; the learner answers both kinds and sees right or wrong', async () => {
    const fetchMock = mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.familie, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      ...wordRoutes(),
      {
        route: getChapterExercises,
        path: `/api/courses/${CH.familie}/exercises`,
        reply: () => ({
          chapterId: CH.familie,
          missingWords: [{ before: 'Mein ', after: ' heißt Jonas.' }],
          questions: [{ question: 'Was ist die Mutter?' }],
        }),
      },
      {
        route: checkExerciseAnswer,
        reply: (_url, body) => {
          const { kind, answer } = body as { kind: string; answer: string };
          const answers = kind === 'missing-word' ? ['Vater'] : ['Ärztin'];
          return { correct: answers[0]!.toLowerCase() === answer.trim().toLowerCase(), answers };
        },
      },
    ]);
    openChapter(CH.familie);
    const section = await screen.findByRole('region', { name: 'Exercises' });
    expect(document.querySelector('.ln-chapter-page__image')).toBeNull(); // this chapter has no image
    // After the text, before the vocabulary.
    expect(document.querySelector('.ln-text')!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Missing word 1'), { target: { value: 'Bruder' } });
    fireEvent.click(within(section).getAllByRole('button', { name: 'Check' })[0]!);
    await within(section).findByText('✗ Not quite. The answer is: Vater.');
    fireEvent.change(within(section).getByLabelText('Answer 1'), { target: { value: 'ärztin' } });
    fireEvent.click(within(section).getAllByRole('button', { name: 'Check' })[1]!);
    await within(section).findByText('✓ Right!');
    expect(sent(fetchMock, 'POST', '/api/courses/exercises/check')).toHaveLength(2);
  });

  it('takes "heisst" for "heißt" and shows the learner how it is spelled', async () => {
    mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.familie, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      ...wordRoutes(),
      {
        route: getChapterExercises,
        path: `/api/courses/${CH.familie}/exercises`,
        reply: () => ({ chapterId: CH.familie, missingWords: [{ before: 'Mein Vater ', after: ' Jonas.' }], questions: [] }),
      },
      // The server's rule, from contracts.
      {
        route: checkExerciseAnswer,
        reply: (_url, body) => ({ ...checkAnswer((body as { answer: string }).answer, ['heißt']), answers: ['heißt'] }),
      },
    ]);
    openChapter(CH.familie);
    const section = await screen.findByRole('region', { name: 'Exercises' });
    fireEvent.change(within(section).getByLabelText('Missing word 1'), { target: { value: 'heisst' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Check' }));
    await within(section).findByText('✓ Right! It is spelled heißt.');
  });

  it('links the chapters before and after it in the reading order, the hidden one left out', async () => {
    const order = LESSONS.flatMap((l) => l.chaptersOrder).filter((c) => c.visible);
    mockApi([
      ...courseRoutes(() => progress([], { chapterId: CH.hallo, lessonId: LESSON_1 })),
      chapterRoute(FAMILIE),
      chapterRoute(MORGEN),
      ...wordRoutes(),
      { route: getChapterOrder, reply: () => ({ courseId: COURSE_ID, chapters: order }) },
    ]);
    openChapter(CH.familie);
    const nav = await screen.findByRole('navigation', { name: 'Chapters' });
    expect(within(nav).getByRole('link', { name: '← Previous: Hallo, ich bin Lena' }).getAttribute('href')).toBe(
      `/app/courses/chapter/${CH.hallo}`,
    );
    // "Geheimes Kapitel" (hidden) comes between them in its lesson, but learners never get it.
    const next = within(nav).getByRole('link', { name: 'Next: Ein normaler Morgen →' });
    fireEvent.click(next);
    await screen.findByRole('heading', { name: 'Ein normaler Morgen', level: 1 });
    expect(
      within(await screen.findByRole('navigation', { name: 'Chapters' })).getByRole('link', { name: 'Next: Auf dem Markt (Master) →' }),
    ).toBeTruthy();
  });
});
