/**
 * Contract-valid test data for the Learn fragment: every response is parsed with its route's schema
 * before it is served, so the fixtures cannot drift from what the server sends.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { COURSE_IDS, type Chapter, type CourseProgress, type Lesson } from '@verba/contracts';
import {
  addAfterOnboarding,
  addProgress,
  getChapter,
  getChapterMatchWords,
  getCourse,
  getDictionary,
  getLessons,
  getProgress,
  patchChapterMatchWords,
  patchWord,
  type RouteDef,
} from '@verba/contracts/http';
import { positions, session, toastStore } from '@verba/kit';
import { queryClient } from '@verba/kit/query';

export const COURSE_ID = COURSE_IDS.de;
export const LESSON_1 = '11111111-1111-4111-8111-111111111111';
export const LESSON_2 = '22222222-2222-4222-8222-222222222222';
export const CH = {
  hallo: 'c0000001-0000-4000-8000-000000000001',
  familie: 'c0000002-0000-4000-8000-000000000002',
  hidden: 'c0000003-0000-4000-8000-000000000003',
  morgen: 'c0000004-0000-4000-8000-000000000004',
  markt: 'c0000005-0000-4000-8000-000000000005',
} as const;

const outline = (id: string, lessonId: string, title: string, flags: { visible?: boolean; premium?: boolean; locked?: boolean } = {}) => ({
  id,
  lessonId,
  title,
  visible: flags.visible ?? true,
  premium: flags.premium ?? false,
  locked: flags.locked ?? false,
});

export const COURSE = getCourse.response.parse({
  id: COURSE_ID,
  languageCode: 'de',
  title: 'Deutsch mit Verba',
  totalChapters: 4,
  isVisibleOnThePlatform: true,
  lessonsOrder: [LESSON_1, LESSON_2],
  startingPoints: [
    { id: '33333333-3333-4333-8333-333333333333', title: 'Ich fange ganz neu an', lesson: LESSON_1, level: 'A1' },
    { id: '44444444-4444-4444-8444-444444444444', title: 'Ich kenne schon die Grundlagen', lesson: LESSON_2, level: 'A2' },
  ],
});

/** As an admin's view would send them: one hidden chapter (learners must not see it) and a premium one locked for Free. */
export const LESSONS: Lesson[] = getLessons.response.parse({
  courseId: COURSE_ID,
  lessons: [
    {
      id: LESSON_1,
      title: 'Erste Schritte',
      chaptersOrder: [
        outline(CH.hallo, LESSON_1, 'Hallo, ich bin Lena'),
        outline(CH.familie, LESSON_1, 'Meine Familie'),
        outline(CH.hidden, LESSON_1, 'Geheimes Kapitel', { visible: false }),
      ],
    },
    {
      id: LESSON_2,
      title: 'Der Alltag',
      chaptersOrder: [
        outline(CH.morgen, LESSON_2, 'Ein normaler Morgen'),
        outline(CH.markt, LESSON_2, 'Auf dem Markt', { premium: true, locked: true }),
      ],
    },
  ],
}).lessons;

export function progress(
  completed: string[],
  next: { chapterId: string; lessonId: string; locked?: boolean } | null,
  startingPoint: (typeof COURSE.startingPoints)[number] | null = COURSE.startingPoints[0]!,
): CourseProgress {
  return getProgress.response.parse({
    courses: [
      {
        courseId: COURSE_ID,
        languageCode: 'de',
        startingPoint,
        completedChapterIds: completed,
        practicedIds: {
          chapterIds: [],
          orderedLessons: [
            { lessonId: LESSON_1, chapterIds: [] },
            { lessonId: LESSON_2, chapterIds: [] },
          ],
        },
        nextChapter: next && { premium: next.locked ?? false, locked: false, ...next },
        finished: next === null && completed.length > 0, // as the server: an empty course is not finished
      },
    ],
  }).courses[0]!;
}

export const FAMILIE: Chapter = getChapter.response.parse({
  ...outline(CH.familie, LESSON_1, 'Meine Familie'),
  courseId: COURSE_ID,
  languageCode: 'de',
  text: 'Das ist meine Familie. Mein Vater heißt Jonas.\n\nMeine Mutter ist Ärztin.',
  vocabulary: [
    { word: 'Vater', translation: 'father' },
    { word: 'Mutter', translation: 'mother' },
    { word: 'Familie', translation: 'family' },
  ],
  imageUrl: null,
  completed: false,
});

export const MORGEN: Chapter = getChapter.response.parse({
  ...outline(CH.morgen, LESSON_2, 'Ein normaler Morgen'),
  courseId: COURSE_ID,
  languageCode: 'de',
  text: 'Mein Wecker klingelt um halb sieben.',
  vocabulary: [{ word: 'Wecker', translation: 'alarm clock' }],
  imageUrl: null,
  completed: false,
});

/** As /api/me describes the demo learner: German, placed at A2 by onboarding. */
const signInLearner = () =>
  session.setUser({
    uid: 'u1',
    name: 'Lena',
    email: 'lena@example.com',
    role: 'User',
    currentLearningLanguage: 'de',
    languageLevels: { de: 'A2' },
  });

/** The fresh v4 UUID the kit puts in a command's body, so a resent request counts once. */
export const COMMAND_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

/** Forgets the rendered tree, the shared cache, the latest write's position, toasts and stubs between tests. */
export function resetBetweenTests(): void {
  cleanup();
  queryClient.clear();
  session.reset();
  toastStore.clear();
  positions.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Within a test: render afresh, with nothing cached from before. */
export function startOver(): void {
  cleanup();
  queryClient.clear();
}

/** Each test starts with a German learner signed in and ends with nothing left behind. */
export function asGermanLearner(): void {
  beforeEach(signInLearner);
  afterEach(resetBetweenTests);
}

type Handler = (url: URL, body: unknown) => unknown; // may return a promise, to hold a reply back
export interface MockRoute {
  route: RouteDef;
  /** Path as requested (with the chapter id filled in for /api/courses/:chapterId). */
  path?: string;
  reply: Handler | { status: number; message: string };
}

/**
 * fetch answers the listed routes (by method and path) with schema-checked bodies; anything else fails
 * the test. Returns the mock so a test can look at what was sent.
 */
export function mockApi(routes: MockRoute[]) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const match = routes.find((r) => r.route.method === method && (r.path ?? r.route.path) === url.pathname);
    if (!match) throw new Error(`unexpected ${method} ${input}`);
    const reply = match.reply;
    if (typeof reply !== 'function') {
      return new Response(JSON.stringify({ message: reply.message }), {
        status: reply.status,
        headers: { 'content-type': 'application/problem+json' },
      });
    }
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (match.route.body) match.route.body.parse(body); // what the page sends must be valid too
    const payload = match.route.response.parse(await reply(url, body));
    return new Response(JSON.stringify(payload), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const sent = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && new URL(input, 'http://localhost').pathname === path,
  );

export const routes = {
  addAfterOnboarding,
  addProgress,
  getChapter,
  getChapterMatchWords,
  getCourse,
  getDictionary,
  getLessons,
  getProgress,
  patchChapterMatchWords,
  patchWord,
};

/** The routes every Learn page reads, with the learner at `current` progress. */
export function courseRoutes(current: () => CourseProgress, lessons: Lesson[] = LESSONS): MockRoute[] {
  return [
    { route: getCourse, reply: () => COURSE },
    { route: getLessons, reply: () => ({ courseId: COURSE_ID, lessons }) },
    { route: getProgress, reply: () => ({ courses: [current()] }) },
  ];
}
