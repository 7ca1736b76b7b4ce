// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@verba/contracts';
import { userAnalyticsRoute } from '@verba/contracts/http';
import {
  bars,
  downloadCsv,
  expectLoadingThenTable,
  expectRangeRefused,
  last30Days,
  lastQuery,
  openTable,
  relative,
  serve,
  sortBy,
  tableRows,
} from '../test/pages';

const id = (n: number) => `a000000${n}-0000-4000-8000-00000000000${n}`;
const user = (n: number, language: string, wordsKnown: number, timeSpent: number, lastActivity: string | null) => ({
  userId: id(n),
  language,
  wordsKnown,
  wordsUncertain: n,
  reads: 2 * n,
  chapters: n,
  cards: 3 * n,
  reviews: 4 * n,
  timeSpent,
  lastActivity,
});
const USERS = [user(1, 'de', 120, 7200, '2026-10-03'), user(2, 'fr', 40, 1800, '2026-10-01'), user(3, 'de', 300, 0, null)];

/** The server: the users of the language asked for, in the server's order. */
const answer = (q: URLSearchParams) => {
  const users = USERS.filter((u) => !q.get('language') || u.language === q.get('language'));
  return { total: users.length, users };
};

/** Opens the page on the server above and waits for its table. */
const open = () => {
  serve([[userAnalyticsRoute, answer]]);
  return openTable('user-analytics');
};

describe('user analytics page', () => {
  it('shows a loading state, then the users and a chart of their words known', async () => {
    serve([[userAnalyticsRoute, answer]]);
    await expectLoadingThenTable('user-analytics', 'Loading user analytics…', /^User analytics \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
    expect(screen.getByText('3 users and languages')).toBeTruthy();
    expect(tableRows()).toEqual([
      [id(1), 'German', '120', '1', '2', '1', '3', '4', '2.0', '2026-10-03'],
      [id(2), 'French', '40', '2', '4', '2', '6', '8', '0.5', '2026-10-01'],
      [id(3), 'German', '300', '3', '6', '3', '9', '12', '0.0', '—'],
    ]);
    const [known] = await bars('Words known, first users');
    expect(known!.names).toEqual(['a0000001', 'a0000002', 'a0000003']);
    expect(relative(known!.heights)).toEqual(relative([120, 40, 300]));
  });

  it('asks for the last 30 days, then for the range, language and order picked', async () => {
    await open();
    const base = { sort: 'lastActivity', limit: '500', offset: '0' };
    expect(lastQuery(userAnalyticsRoute)).toEqual({ ...last30Days(), ...base });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-09-01' } });
    await waitFor(() => expect(lastQuery(userAnalyticsRoute)).toMatchObject({ from: '2026-09-01', to: last30Days().to }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    fireEvent.change(screen.getByLabelText('First by'), { target: { value: 'timeSpent' } });
    await waitFor(() =>
      expect(lastQuery(userAnalyticsRoute)).toEqual({ from: '2026-09-01', to: '2026-09-30', language: 'fr', ...base, sort: 'timeSpent' }),
    );
    await waitFor(() => expect(tableRows().map((r) => r[0])).toEqual([id(2)]));
  });

  it('says why a range that ends before it starts cannot be shown, and does not ask for it', async () => {
    await open();
    expectRangeRefused('To', '2000-01-01', ANALYTICS_MESSAGES.badRange);
    expect(tableRows()).toHaveLength(3);
  });

  it('sorts by a header click, again to reverse, and downloads the table as shown', async () => {
    await open();
    expect(sortBy(/^Words known/)).toBe('ascending');
    expect(tableRows().map((r) => r[2])).toEqual(['40', '120', '300']);
    expect(sortBy(/^Words known/)).toBe('descending');
    expect(tableRows().map((r) => r[2])).toEqual(['300', '120', '40']);
    const file = await downloadCsv();
    expect(file.name).toMatch(/^user-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.lines).toEqual([
      'User (pseudonymous id),Language,Words known,Words uncertain,Reads,Chapters,Cards,Reviews,Time spent (hours),Last activity',
      `${id(3)},German,300,3,6,3,9,12,0.0,`,
      `${id(1)},German,120,1,2,1,3,4,2.0,2026-10-03`,
      `${id(2)},French,40,2,4,2,6,8,0.5,2026-10-01`,
      '',
    ]);
  });
});
