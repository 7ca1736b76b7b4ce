// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@verba/kit';
import { PUBLIC_PAGES } from './paths';
import { resolveRoute } from './resolve-route';

const user: SessionUser = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User' };
const admin: SessionUser = { ...user, role: 'Admin' };

describe('resolveRoute', () => {
  it('sends guests to sign-in from every /app page but sign-in and sign-up', () => {
    expect(resolveRoute('/app/dashboard', null)).toEqual({ kind: 'redirect', to: '/app/sign-in' });
    expect(resolveRoute('/app/library/123', null)).toEqual({ kind: 'redirect', to: '/app/sign-in' });
    expect(resolveRoute('/app/sign-in', null)).toEqual({ kind: 'page', page: 'sign-in' });
    expect(resolveRoute('/app/sign-up', null)).toEqual({ kind: 'page', page: 'sign-up' });
  });

  it('maps fragment routes, including sub-paths, and nothing that merely shares a prefix', () => {
    expect(resolveRoute('/app/library', user)).toEqual({ kind: 'fragment', name: 'reader' });
    expect(resolveRoute('/app/library/abc', user)).toEqual({ kind: 'fragment', name: 'reader' });
    for (const path of [
      '/app/add-article',
      '/app/edit-article',
      '/app/series',
      '/app/create-series',
      '/app/edit-series',
      '/app/dictionary',
      '/app/my-articles',
      '/app/series/abc',
    ]) {
      expect(resolveRoute(path, user)).toEqual({ kind: 'fragment', name: 'reader' });
    }
    expect(resolveRoute('/app/courses', user)).toEqual({ kind: 'fragment', name: 'learn' });
    expect(resolveRoute('/app/practice-portal', user)).toEqual({ kind: 'fragment', name: 'practice' });
    expect(resolveRoute('/app/library-old', user)).toEqual({ kind: 'page', page: 'not-found' });
  });

  it('keeps non-admins out of /app/admin', () => {
    expect(resolveRoute('/app/admin/users', user)).toEqual({ kind: 'redirect', to: '/app/dashboard' });
    expect(resolveRoute('/app/admin/users', admin)).toEqual({ kind: 'fragment', name: 'admin' });
  });

  it('opens the public pages to everyone, and sends a signed-in user from the landing page to the dashboard', () => {
    for (const [path, page] of Object.entries(PUBLIC_PAGES)) {
      expect(resolveRoute(path, null)).toEqual({ kind: 'public', page });
      if (page !== 'landing') expect(resolveRoute(`${path}/`, user)).toEqual({ kind: 'public', page });
    }
    expect(resolveRoute('/', null)).toEqual({ kind: 'public', page: 'landing' });
    expect(resolveRoute('/learn-italian', null)).toEqual({ kind: 'redirect', to: '/' });
    expect(resolveRoute('/app/support/other', null)).toEqual({ kind: 'redirect', to: '/app/sign-in' });
  });

  it('sends signed-in users away from the auth pages', () => {
    expect(resolveRoute('/app/sign-in', user)).toEqual({ kind: 'redirect', to: '/app/dashboard' });
    expect(resolveRoute('/', user)).toEqual({ kind: 'redirect', to: '/app/dashboard' });
  });
});
