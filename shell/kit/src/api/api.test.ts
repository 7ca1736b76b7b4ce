// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session-store';
import { api, ApiError } from './api';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  session.reset();
  document.cookie = 'verba_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('api', () => {
  it('sends cookies, JSON and the CSRF header on writes', async () => {
    document.cookie = 'verba_csrf=tok%3D1';
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await api('/api/x', { method: 'POST', body: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'x-verba-csrf': 'tok=1' });
  });

  it("turns problem+json into an Error with the server's message", async () => {
    vi.stubGlobal('fetch', respond(429, { detail: 'Slow down', message: 'Slow down' }));
    await expect(api('/api/sign-in', { method: 'POST', expireOn401: false })).rejects.toMatchObject({
      message: 'Slow down',
      status: 429,
    });
  });

  it('marks the session expired once on 401', async () => {
    session.setUser({ uid: 'u', name: 'A', email: 'a@b.c', role: 'User' });
    const seen: boolean[] = [];
    const stop = session.subscribe((s) => seen.push(s.sessionExpired));
    vi.stubGlobal('fetch', respond(401, { message: 'Not signed in' }));
    await expect(api('/api/user')).rejects.toBeInstanceOf(ApiError);
    await expect(api('/api/dictionary')).rejects.toBeInstanceOf(ApiError);
    stop();
    expect(seen).toEqual([true]);
    expect(session.get()).toMatchObject({ user: null, sessionExpired: true });
  });
});
