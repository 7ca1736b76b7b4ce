// @vitest-environment jsdom
import { StrictMode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positions } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { VerifyResultPage } from './VerifyResultPage';

const TOKEN = 'a'.repeat(64);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The verify route: the token is spent by the first request, a second one is refused as the server does. */
function mockVerify() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/verify-email' || init?.method !== 'POST') throw new Error(`unexpected ${init?.method} ${url}`);
      bodies.push(JSON.parse(String(init.body)));
      return bodies.length === 1 ? json({ ok: true, position: '3.0' }) : json({ message: 'This link has already been used.' }, 400);
    }),
  );
  return bodies;
}

const open = (token: string) => window.history.replaceState(null, '', `/app/verify-email/result?token=${token}`);

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('VerifyResultPage', () => {
  it('checks the link, then says the address is verified, spending the token once even in StrictMode', async () => {
    const bodies = mockVerify();
    open(TOKEN);
    render(
      <StrictMode>
        <VerifyResultPage />
      </StrictMode>,
    );
    expect(screen.getByText('Checking your link…')).toBeTruthy();
    expect(await screen.findByText('Your email address is verified. You can sign in now.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50)); // a second request would have answered by now
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Checking your link…')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Email verification');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it("says a link that did not work, with the server's reason and a way to a new link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'This link has expired.' }, 400)),
    );
    open(TOKEN);
    render(<VerifyResultPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This link did not work');
    expect(screen.queryByText('Checking your link…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to get a new link' })).toBeTruthy();
  });
});
