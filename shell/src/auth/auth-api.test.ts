// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './auth-api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'verba_csrf=; max-age=0; path=/';
});

describe('who is signed in, at start-up', () => {
  it('does not ask the server for a guest (no session cookie): no failed request in the console', async () => {
    const fetch = vi.fn(async () => json({ message: 'Unauthorized' }, 401));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server when a session cookie is there, and takes its user', async () => {
    document.cookie = 'verba_csrf=token; path=/';
    const fetch = vi.fn(async () => json({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User' }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchCurrentUser()).toMatchObject({ uid: 'u1', email: 'ana@example.com' });
    expect(fetch).toHaveBeenCalledWith('/api/user', expect.objectContaining({ method: 'GET' }));
  });

  it('takes a 401 with a stale cookie as nobody signed in', async () => {
    document.cookie = 'verba_csrf=stale; path=/';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Unauthorized' }, 401)),
    );
    expect(await fetchCurrentUser()).toBeNull();
  });
});
