// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positions, toastStore } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { ProfilePage } from './ProfilePage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PROFILE = {
  uid: 'u1',
  name: 'Lea',
  email: 'lea@example.org',
  role: 'User',
  subscription: 'free',
  currentLearningLanguage: 'de',
  learnedLanguages: ['de'],
  languageLevels: { de: 'A2' },
  creationDateStamp: 1,
  showMainOnboarding: false,
  emailVerified: true,
  username: 'lea',
  timeSpent: {},
  hasAvatar: false,
  hasPassword: true,
};

/** The profile routes over one learner's settings; PATCH settings merges a group as the server does. */
function mockProfile(settings: Record<string, Record<string, unknown>>) {
  let current = settings;
  const saved: unknown[] = [];
  const reads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      if (call === 'GET /api/user/profile') reads.push(url);
      if (call === 'GET /api/user/profile') return json({ ...PROFILE, settings: current });
      if (call === 'GET /api/brevo/get-user') return json({ contact: null });
      if (call === 'PATCH /api/user/settings') {
        const body = JSON.parse(String(init?.body)) as Record<string, Record<string, unknown>>;
        saved.push(body);
        current = Object.fromEntries(Object.keys({ ...current, ...body }).map((k) => [k, { ...current[k], ...body[k] }]));
        return json({ profile: { ...PROFILE, settings: current }, position: `7.${saved.length}` });
      }
      throw new Error(`unexpected ${call}`);
    }),
  );
  return { saved, reads };
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  toastStore.clear();
  vi.unstubAllGlobals();
});

const uncertainSwitch = () => screen.findByRole('switch', { name: 'Make a flashcard when I mark a word Uncertain' });

describe('profile settings', () => {
  it('has Uncertain words make flashcards on by default, and saves turning it off and on again', async () => {
    const { saved } = mockProfile({ flashcards: { autoplay: true } });
    render(<ProfilePage />);
    const toggle = await uncertainSwitch();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(saved).toEqual([{ flashcards: { uncertainMakesCard: false } }]));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(toggle);
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ flashcards: { uncertainMakesCard: true } });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('reads the profile again at the position a saved setting answered', async () => {
    const { reads } = mockProfile({});
    render(<ProfilePage />);
    fireEvent.click(await uncertainSwitch());
    await waitFor(() => expect(reads).toEqual(['/api/user/profile', '/api/user/profile?minPosition=7.1']));
    expect((await uncertainSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('shows the setting off when the learner turned it off', async () => {
    mockProfile({ flashcards: { uncertainMakesCard: false } });
    render(<ProfilePage />);
    expect((await uncertainSwitch()).getAttribute('aria-checked')).toBe('false');
  });

  it('says a profile that could not be loaded, and loads it on retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/user/profile'))
          return fail ? json({ status: 404, title: 'Not found', detail: 'No such user' }, 404) : json({ ...PROFILE, settings: {} });
        return json({ contact: null });
      }),
    );
    render(<ProfilePage />);
    expect(await screen.findByText('Your profile could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await uncertainSwitch()).toBeTruthy();
  });
});
