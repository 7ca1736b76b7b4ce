// Test support: contract-valid fixtures (parsed with the contracts' schemas) and a fetch mock by route.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { session } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { DAY_MS, type Flashcard } from '@verba/contracts';
import { FlashcardSchema, FlashcardsInfoSchema, ProfileSchema } from '@verba/contracts/http';
import type { z } from 'zod';

export const NOW = Date.now();

let n = 0;
/** A stable, valid uuid per fixture. */
export const uuid = (i = ++n) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export function card(overrides: Partial<Flashcard> & Pick<Flashcard, 'sourceValue' | 'targetValue'>): Flashcard {
  return FlashcardSchema.parse({
    id: uuid(),
    languageCode: 'de',
    timePracticed: 0,
    creationDateStamp: NOW - 10 * DAY_MS,
    lastTimePracticedStamp: null,
    origin: null,
    originId: null,
    originName: null,
    status: 'uncertain',
    difficulty: 0,
    stability: 0,
    scheduledDays: 0,
    elapsedDays: 0,
    dueDateStamp: NOW - 1000,
    state: 'new',
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    ...overrides,
  });
}

export const info = (overrides: Partial<z.input<typeof FlashcardsInfoSchema>> = {}) =>
  FlashcardsInfoSchema.parse({
    languageCode: 'de',
    total: 0,
    known: 0,
    uncertain: 0,
    dueNow: 0,
    dueToday: 0,
    learned: 0,
    mastered: 0,
    streak: 0,
    practicedToday: false,
    nextDueStamp: null,
    ...overrides,
  });

/** GET /api/user/profile's answer for the signed-in learner, with these settings. */
export const profile = (settings: Record<string, unknown> = {}) =>
  ProfileSchema.parse({
    uid: 'u1',
    name: 'Ana',
    email: 'ana@example.com',
    role: 'User',
    subscription: 'free',
    currentLearningLanguage: 'de',
    learnedLanguages: ['de'],
    languageLevels: {},
    creationDateStamp: 1,
    showMainOnboarding: false,
    emailVerified: true,
    username: 'ana',
    settings,
    timeSpent: {},
    hasAvatar: false,
    hasPassword: true,
  });

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

/** Answers `METHOD /api/path` (query ignored for matching, kept in the call); anything else fails the test. */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) throw new Error(`unexpected ${call.method} ${input}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls made so far to one route. */
  const to = (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route);
  return { calls, to };
}

/** A signed-in German learner, and the page inside the kit's providers. */
export function renderSignedIn(ui: ReactElement): RenderResult {
  session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', currentLearningLanguage: 'de' });
  return render(<KitProviders>{ui}</KitProviders>);
}
