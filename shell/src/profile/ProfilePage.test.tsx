// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

const isGroup = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The profile routes over one learner's settings (in Berlin unless a test says `timeZone: undefined`);
 * PATCH settings merges a group as the server does, and replaces a plain value (the time zone).
 */
function mockProfile(settings: Record<string, unknown>) {
  let current: Record<string, unknown> = { timeZone: 'Europe/Berlin', ...settings };
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
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        saved.push(body);
        const merged = Object.entries(body).map(([k, v]) => {
          const before = current[k];
          return [k, isGroup(v) && isGroup(before) ? { ...before, ...v } : v];
        });
        current = { ...current, ...Object.fromEntries(merged) };
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

  it('asks before marking a whole word family by default, and saves Always and Never (issue 38.2)', async () => {
    const { saved } = mockProfile({});
    render(<ProfilePage />);
    const group = await screen.findByRole('group', { name: 'Mark the whole family' });
    const choice = (name: string) => within(group).getByRole<HTMLInputElement>('radio', { name });
    expect(choice('Ask each time').checked).toBe(true);
    fireEvent.click(choice('Always'));
    await waitFor(() => expect(saved).toEqual([{ words: { markFamily: 'always' } }]));
    await waitFor(() => expect(choice('Always').checked).toBe(true));
    fireEvent.click(choice('Never'));
    await waitFor(() => expect(saved[1]).toEqual({ words: { markFamily: 'never' } }));
    await waitFor(() => expect(choice('Never').checked).toBe(true));
  });

  it('shows the family choice the learner saved', async () => {
    mockProfile({ words: { markFamily: 'never' } });
    render(<ProfilePage />);
    const group = await screen.findByRole('group', { name: 'Mark the whole family' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Never' }).checked).toBe(true);
  });

  it('says a profile that could not be loaded, and loads it on retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/user/profile'))
          return fail
            ? json({ status: 404, title: 'Not found', detail: 'No such user' }, 404)
            : json({ ...PROFILE, settings: { timeZone: 'UTC' } });
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

describe('the time zone', () => {
  const zoneSelect = () => screen.findByRole('combobox', { name: 'Time zone' }) as Promise<HTMLSelectElement>;
  /** This browser runs in `zone`, as Intl tells it. */
  const browserIn = (zone: string) => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: zone };
    });
  };
  afterEach(() => vi.restoreAllMocks());

  it("saves this browser's time zone when the learner has none yet, and shows it", async () => {
    browserIn('America/Los_Angeles');
    const { saved, reads } = mockProfile({ timeZone: undefined });
    render(<ProfilePage />);
    await waitFor(() => expect(saved).toEqual([{ timeZone: 'America/Los_Angeles' }]));
    await waitFor(async () => expect((await zoneSelect()).value).toBe('America/Los_Angeles'));
    expect(reads).toEqual(['/api/user/profile', '/api/user/profile?minPosition=7.1']);
    const chosen = (await zoneSelect()).selectedOptions[0]!;
    expect(chosen.textContent).toBe('America/Los Angeles (this device)');
    expect(screen.getByText('Your streak, “today” and your daily figures count days in this time zone.')).toBeTruthy();
  });

  it("keeps the learner's own zone whatever the browser says, and changes it with the select", async () => {
    browserIn('America/Los_Angeles');
    const { saved } = mockProfile({});
    render(<ProfilePage />);
    const select = await zoneSelect();
    expect(select.value).toBe('Europe/Berlin');
    expect(saved).toEqual([]);
    expect([...select.options].map((o) => o.value)).toEqual(expect.arrayContaining(['UTC', 'Asia/Tokyo', 'America/Los_Angeles']));
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } });
    await waitFor(() => expect(saved).toEqual([{ timeZone: 'Asia/Tokyo' }]));
    await waitFor(async () => expect((await zoneSelect()).value).toBe('Asia/Tokyo'));
  });
});
