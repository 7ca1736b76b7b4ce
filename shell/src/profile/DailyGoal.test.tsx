// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positions, toastStore } from '@verba/kit';
import { KitProviders, queryClient } from '@verba/kit/query';
import { DailyGoalForm } from './DailyGoal';
import type { Profile } from './profile-api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const profile = (settings: Profile['settings']): Profile => ({
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
  settings,
});

/** PATCH /api/user/settings answering the saved profile, as the server does. */
function mockSettings() {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (`${init?.method} ${url}` !== 'PATCH /api/user/settings') throw new Error(`unexpected ${url}`);
      const body = JSON.parse(String(init?.body)) as Profile['settings'];
      saved.push(body);
      return json({ profile: profile(body), position: `9.${saved.length}` });
    }),
  );
  return saved;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  positions.reset();
  toastStore.clear();
  vi.unstubAllGlobals();
});

const show = (settings: Profile['settings'], onSaved = vi.fn()) => {
  render(
    <KitProviders>
      <DailyGoalForm profile={profile(settings)} onSaved={onSaved} />
    </KitProviders>,
  );
  return onSaved;
};
const amount = () => screen.getByRole<HTMLInputElement>('spinbutton', { name: /Amount a day/ });
const kind = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'What to count' });

describe('the daily goal form', () => {
  it('suggests 20 reviews to a learner without a goal, and saves the kind and amount they choose', async () => {
    const saved = mockSettings();
    const onSaved = show({});
    expect(screen.getByText(/No daily goal yet/)).toBeTruthy();
    expect(kind().value).toBe('reviews');
    expect(amount().value).toBe('20');
    fireEvent.change(kind(), { target: { value: 'pages' } });
    fireEvent.change(amount(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    await waitFor(() => expect(saved).toEqual([{ dailyGoal: { kind: 'pages', amount: 5 } }]));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ settings: { dailyGoal: { kind: 'pages', amount: 5 } } })),
    );
    expect(toastStore.get().map((t) => t.title)).toContain('Daily goal saved');
  });

  it('refuses an amount out of 1 to 1000, or none, with a clear message, sending nothing', async () => {
    const saved = mockSettings();
    show({});
    for (const value of ['0', '1001', '']) {
      fireEvent.change(amount(), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
      expect(await screen.findByText('Choose a daily goal from 1 to 1000.')).toBeTruthy();
    }
    fireEvent.change(amount(), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('Use a whole number.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('shows the goal the learner set, and removes it', async () => {
    const saved = mockSettings();
    show({ dailyGoal: { kind: 'minutes', amount: 15 } });
    expect(screen.getByText(/Your goal: 15 minutes read a day/)).toBeTruthy();
    expect(kind().value).toBe('minutes');
    expect(amount().value).toBe('15');
    fireEvent.click(screen.getByRole('button', { name: 'Remove goal' }));
    await waitFor(() => expect(saved).toEqual([{ dailyGoal: null }]));
    await waitFor(() => expect(toastStore.get().map((t) => t.title)).toContain('Daily goal removed'));
  });
});
