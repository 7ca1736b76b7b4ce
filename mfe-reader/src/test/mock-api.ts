import { expect, vi } from 'vitest';
import { ArticleSchema, ArticleSummarySchema, ProfileSchema, SeriesSchema } from '@verba/contracts/http';

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The fresh v4 UUID the kit puts in a command's body, so a resent request counts once. */
export const COMMAND_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

export const problem = (status: number, message: string) => json({ message }, status);

/** Stubs fetch with handlers keyed by "METHOD /path" (the query string is the handler's to read). */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://verba.test');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected ${init?.method ?? 'GET'} ${input}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one route, with their URL and parsed JSON body. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(input, 'http://verba.test'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === pathname)
    .map(({ url, init }) => ({ url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

const BASE_SUMMARY = {
  languageCode: 'de',
  category: 'Children',
  generalDifficulty: 'A1',
  totalWords: 11,
  authorDisplayName: 'Verba',
  creationDate: 1,
  averageRating: 0,
  ratings: 0,
  totalReads: 0,
  previewImgSrc: null,
  isPrivate: false,
  needApprove: false,
  isPremiumOnly: false,
  seriesId: null,
  seriesTitle: null,
  isAuthor: false,
  difficulty: 'Ideal',
  difficultyEstimated: false,
};

/** Fixtures go through the contract schemas, so a contract change breaks them loudly. */
export const summary = (fields: Partial<Record<keyof typeof BASE_SUMMARY, unknown>> & { id: string; name: string }) =>
  ArticleSummarySchema.parse({ ...BASE_SUMMARY, ...fields });

export const article = (fields: Partial<Record<string, unknown>> & { id: string; name: string; content: string }) =>
  ArticleSchema.parse({ ...BASE_SUMMARY, contentFormat: 'text', translation: '', declineReason: null, flagged: false, ...fields });

export const series = (fields: Partial<Record<string, unknown>> & { id: string; title: string }) =>
  SeriesSchema.parse({
    languageCode: 'de',
    description: '',
    previewImgSrc: null,
    authorDisplayName: 'Verba',
    isPrivate: false,
    isAuthor: false,
    totalArticles: 0,
    creationDate: 1,
    ...fields,
  });

export const profile = (settings: Record<string, unknown> = {}) =>
  ProfileSchema.parse({
    uid: 'u1',
    name: 'Lea',
    email: 'lea@example.org',
    role: 'User',
    subscription: 'free',
    currentLearningLanguage: 'de',
    learnedLanguages: ['de'],
    languageLevels: {},
    creationDateStamp: 1,
    showMainOnboarding: false,
    emailVerified: true,
    username: 'lea',
    settings,
    timeSpent: {},
    hasAvatar: false,
    hasPassword: true,
  });
