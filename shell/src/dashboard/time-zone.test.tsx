// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_DAYS } from '@verba/contracts';
import { positions, session } from '@verba/kit';
import { queryClient } from '@verba/kit/query';
import { ProgressBadge, ProgressSection } from '../pages/DashboardProgress';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const figures = (activeToday: boolean) => ({
  languageCode: 'de',
  wordsKnown: 12,
  wordsUncertain: 0,
  familiesKnown: 0,
  familiesUncertain: 0,
  levelHint: 'A1',
  nextLevelAt: 800,
  streak: activeToday ? 2 : 1,
  activeToday,
  timeSpent: 0,
  days: Array.from({ length: PROGRESS_DAYS }, (_, i) => ({
    day: new Date(Date.parse('2026-05-12') - (PROGRESS_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    words: 0,
    reads: 0,
    reviews: 0,
    seconds: 0,
  })),
});

const PROFILE = {
  uid: 'dash-1',
  name: 'Paz',
  email: 'paz@example.org',
  role: 'User',
  subscription: 'free',
  currentLearningLanguage: 'de',
  learnedLanguages: ['de'],
  languageLevels: {},
  creationDateStamp: 1,
  showMainOnboarding: false,
  emailVerified: true,
  username: null,
  timeSpent: {},
  hasAvatar: false,
  hasPassword: true,
};

/** The server: figures in the learner's days once a zone is saved (UTC days before). */
function mockServer() {
  let timeZone: string | undefined;
  const saved: unknown[] = [];
  const reads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
      if (call === 'GET /api/analytics/progress') {
        reads.push(url);
        return json(figures(timeZone === 'America/Los_Angeles'));
      }
      if (call === 'GET /api/user/profile') return json({ ...PROFILE, settings: timeZone ? { timeZone } : {} });
      if (call === 'PATCH /api/user/settings') {
        const body = JSON.parse(String(init?.body)) as { timeZone: string };
        saved.push(body);
        timeZone = body.timeZone;
        return json({ profile: { ...PROFILE, settings: { timeZone } }, position: '9.1' });
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
  session.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the dashboard and the learner's time zone", () => {
  it("saves the browser's zone once for a learner without one, then reads the figures again in it", async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: 'America/Los_Angeles' };
    });
    const { saved, reads } = mockServer();
    session.setUser({ uid: 'dash-1', name: 'Paz', email: 'paz@example.org', role: 'User', currentLearningLanguage: 'de' });
    // The badge and the figures both read the figures: the zone is saved once all the same.
    render(
      <>
        <ProgressBadge language="de" levels={{}} />
        <ProgressSection language="de" />
      </>,
    );
    await waitFor(() => expect(saved).toEqual([{ timeZone: 'America/Los_Angeles' }]));
    expect(await screen.findByText('Active today')).toBeTruthy();
    expect(reads.at(-1)).toBe('/api/analytics/progress?languageCode=de&minPosition=9.1');
    expect(saved).toHaveLength(1);
  });
});
