// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUser, patchUser, signIn } from '@verba/contracts/http';
import { session } from '../session/session-store';
import { ApiError, client } from './api';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } }));

const USER = {
  uid: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'User',
  subscription: 'free',
  currentLearningLanguage: 'de',
  learnedLanguages: ['de'],
  languageLevels: { de: 'A2' },
  creationDateStamp: 1,
  showMainOnboarding: false,
  emailVerified: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  session.reset();
  document.cookie = 'verba_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the kit API client', () => {
  it('echoes the CSRF cookie on writes and parses the response with the route schema', async () => {
    document.cookie = 'verba_csrf=tok%3D1';
    const fetchMock = respond(200, { user: USER });
    vi.stubGlobal('fetch', fetchMock);
    await expect(client.call(patchUser, { body: { name: 'Ana' } })).resolves.toMatchObject({ user: { uid: 'u1' } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'x-verba-csrf': 'tok=1' });
  });

  it("turns problem+json into an ApiError with the server's message", async () => {
    vi.stubGlobal('fetch', respond(429, { detail: 'Slow down', message: 'Slow down' }));
    await expect(client.call(signIn, { body: { email: 'a@b.c', password: 'x' }, expireOn401: false })).rejects.toMatchObject({
      message: 'Slow down',
      status: 429,
    });
  });

  it('marks the session expired once on 401, but not where a 401 is the expected answer', async () => {
    session.setUser(USER as never);
    const seen: boolean[] = [];
    const stop = session.subscribe((s) => seen.push(s.sessionExpired));
    vi.stubGlobal('fetch', respond(401, { message: 'Incorrect email or password' }));
    await expect(client.call(signIn, { body: { email: 'a@b.c', password: 'x' }, expireOn401: false })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([]);
    await expect(client.call(getUser)).rejects.toBeInstanceOf(ApiError);
    await expect(client.call(getUser)).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(seen).toEqual([true]);
    expect(session.get()).toMatchObject({ user: null, sessionExpired: true });
  });
});
