// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@verba/kit';
import { OnboardingPage } from './OnboardingPage';

afterEach(() => {
  cleanup();
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
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(visibility), { status: 200, headers: { 'content-type': 'application/json' } })));
    session.setUser({ uid: 'u1', name: 'Ana', email: 'ana@example.com', role: 'User', subscription: 'free' });
    window.history.replaceState(null, '', '/app/onboarding/language');
    render(<OnboardingPage />);
    await vi.waitFor(() => expect(screen.queryByRole('radio', { name: /French/ })).toBeNull());
    expect(screen.getByRole('radio', { name: /German/ })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/courses/visibility', expect.objectContaining({ method: 'GET' }));
  });
});
