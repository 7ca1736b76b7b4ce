// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session, type SessionUser } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { OnboardingPage } from './OnboardingPage';

afterEach(() => {
  cleanup();
  queryClient.clear(); // the kit's one cache: what one test read is not the next one's server
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  session.reset();
  window.history.replaceState(null, '', '/');
});

describe('onboarding language step', () => {
  it('leaves out a language whose course an admin hid', async () => {
    const visibility = {
      languages: [
        { languageCode: 'de', courseId: '00000000-0000-4000-8000-000000000001', isVisibleOnThePlatform: true },
        { languageCode: 'fr', courseId: '00000000-0000-4000-8000-000000000002', isVisibleOnThePlatform: false },
        { languageCode: 'es', courseId: '00000000-0000-4000-8000-000000000003', isVisibleOnThePlatform: true },
        { languageCode: 'ru', courseId: '00000000-0000-4000-8000-000000000004', isVisibleOnThePlatform: true },
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(visibility), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' });
    window.history.replaceState(null, '', '/app/onboarding/language');
    render(<OnboardingPage />);
    await vi.waitFor(() => expect(screen.queryByRole('radio', { name: /French/ })).toBeNull());
    expect(screen.getByRole('radio', { name: /German/ })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/courses/visibility', expect.objectContaining({ method: 'GET' }));
  });
});

const VISIBLE = {
  languages: (['de', 'fr', 'es', 'ru'] as const).map((languageCode, i) => ({
    languageCode,
    courseId: `00000000-0000-4000-8000-00000000000${i + 1}`,
    isVisibleOnThePlatform: true,
  })),
};
const ANA: SessionUser = { uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' };

/** The page at `path` for a signed-in account, as after a reload: nothing in memory, only the browser's storage. */
function openAt(path: string, user: SessionUser = ANA) {
  cleanup();
  sessionStorage.clear(); // a deep link opens a new tab: nothing of the old tab's session storage
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(VISIBLE), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  session.setUser(user);
  window.history.replaceState(null, '', path);
  render(<OnboardingPage />);
}

describe('onboarding across a reload or a deep link', () => {
  it('opens the step of the address with the answers given so far', async () => {
    openAt('/app/onboarding/language');
    fireEvent.click(await screen.findByRole('radio', { name: /German/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(window.location.pathname).toBe('/app/onboarding/level');
    cleanup();
    render(<OnboardingPage />);
    fireEvent.click(screen.getByRole('radio', { name: /B1/ }));

    openAt('/app/onboarding/level'); // reload
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How well do you know German?' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /B1/ }) as HTMLInputElement).checked).toBe(true);
    expect(window.location.pathname).toBe('/app/onboarding/level');

    openAt('/app/onboarding/language'); // back to step 1: the language stays chosen
    expect((screen.getByRole('radio', { name: /German/ }) as HTMLInputElement).checked).toBe(true);

    openAt('/app/onboarding/username'); // deep link into the last step
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What should we call you?' })).toBeTruthy();
    expect(window.location.pathname).toBe('/app/onboarding/username');

    openAt('/app/onboarding'); // where sign-in lands: it offers to go on
    expect(screen.getByText('Your answers so far are kept.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue where you left off' }));
    expect(window.location.pathname).toBe('/app/onboarding/username');
  });

  it('sends a deep link back to the first unanswered step, and never shows one account the answers of another', async () => {
    openAt('/app/onboarding/language');
    fireEvent.click(await screen.findByRole('radio', { name: /French/ }));

    openAt('/app/onboarding/username'); // the level is not answered yet
    await vi.waitFor(() => expect(window.location.pathname).toBe('/app/onboarding/level'));

    openAt('/app/onboarding/level', { ...ANA, uid: 'u2', name: 'Ben' }); // another account on this browser
    await vi.waitFor(() => expect(window.location.pathname).toBe('/app/onboarding/language'));
    cleanup();
    render(<OnboardingPage />);
    expect((screen.getByRole('radio', { name: /French/ }) as HTMLInputElement).checked).toBe(false);
  });
});
