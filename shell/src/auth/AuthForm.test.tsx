// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthForm } from './AuthForm';

const respond = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

async function submit(email: string, password: string) {
  fireEvent.input(screen.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /^Sign (in|up)$/ }));
  return screen.findByRole('alert');
}

beforeEach(() => localStorage.setItem('cookieConsent', 'accepted'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in and sign-up form', () => {
  it("shows the server's refusal as it words it", async () => {
    vi.stubGlobal('fetch', respond(401, { message: 'Incorrect email or password' }));
    render(<AuthForm mode="sign-in" />);
    expect((await submit('ada@example.org', 'wrong one')).textContent).toBe('Incorrect email or password');
  });

  it('shows "Error during Email sign-in" / "Error during registration with Email" when the server fails', async () => {
    vi.stubGlobal('fetch', respond(500, { message: 'Internal Server Error' }));
    render(<AuthForm mode="sign-in" />);
    expect((await submit('ada@example.org', 'some password')).textContent).toBe('Error during Email sign-in');
    cleanup();
    render(<AuthForm mode="sign-up" />);
    expect((await submit('ada@example.org', 'a long new password')).textContent).toBe('Error during registration with Email');
  });

  it('asks for cookies first: "Please accept cookies to continue"', async () => {
    localStorage.removeItem('cookieConsent');
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    render(<AuthForm mode="sign-in" />);
    expect((await submit('ada@example.org', 'some password')).textContent).toBe('Please accept cookies to continue');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the spec's per-provider text after a failed social sign-in", async () => {
    for (const [query, text] of [
      ['?error=google', 'Error during sign-in'],
      ['?error=facebook', 'Error during Facebook sign-in'],
      ['?error=apple', 'Error during Apple sign-in'],
      ['?error=google&reason=email-in-use', 'The email address is already in use by another account.'],
    ] as const) {
      window.history.replaceState(null, '', `/app/sign-in${query}`);
      render(<AuthForm mode="sign-in" />);
      expect(screen.getByRole('alert').textContent).toBe(text);
      cleanup();
    }
  });
});
