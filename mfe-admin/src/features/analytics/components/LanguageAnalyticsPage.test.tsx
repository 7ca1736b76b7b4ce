// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@verba/contracts';
import { languageAnalyticsRoute } from '@verba/contracts/http';
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

/** A language's figures, `n` times a base (German 1, French 2, Spanish 3, Russian 4). */
const figures = (language: string, n: number) => ({
  language,
  totalUsers: 10 * n,
  totalPremiumUsers: n,
  totalActiveUsers: 4 * n,
  totalNewUsers: 5 - n,
  totalReads: 20 * n,
  totalChapters: 3 * n,
  timeSpent: 5400 * n,
  totalArticles: 5 * n,
  chapters: 2 * n,
  averages: { reads: 5, chapters: 0.75, timeSpent: 1350 },
});
const ALL = [figures('de', 1), figures('fr', 2), figures('es', 3), figures('ru', 4)];

/** The server: every language, or the one asked for. */
const answer = (q: URLSearchParams) => ({
  from: q.get('from'),
  to: q.get('to'),
  languages: ALL.filter((l) => !q.get('language') || l.language === q.get('language')),
});

/** Opens the page on the server above and waits for its table. */
const open = () => {
  serve([[languageAnalyticsRoute, answer]]);
  return openTable('language-analytics');
};

describe('language analytics page', () => {
  it('shows a loading state, then the table and a chart drawn from the figures', async () => {
    serve([[languageAnalyticsRoute, answer]]);
    await expectLoadingThenTable(
      'language-analytics',
      'Loading language analytics…',
      /^Language analytics \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/,
    );
    expect(tableRows()[2]).toEqual(['Spanish', '30', '3', '12', '2', '60', '15', '9', '6', '4.5', '5', '0.4']);
    // Active users, new users, reads and hours per language, each bar as high as its figure.
    const [active, fresh, reads, hours] = await bars('Per language');
    expect(active!.names).toEqual(['German', 'French', 'Spanish', 'Russian']);
    expect(relative(active!.heights)).toEqual(relative([4, 8, 12, 16]));
    expect(relative(fresh!.heights)).toEqual(relative([4, 3, 2, 1]));
    expect(relative(reads!.heights)).toEqual(relative([20, 40, 60, 80]));
    expect(relative(hours!.heights)).toEqual(relative([1.5, 3, 4.5, 6]));
  });

  it('asks for the last 30 days first, then for the range and the language picked', async () => {
    await open();
    expect(lastQuery(languageAnalyticsRoute)).toEqual(last30Days());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(lastQuery(languageAnalyticsRoute)).toEqual({ from: '2026-01-01', to: '2026-01-31' }));
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'fr' } });
    await waitFor(() => expect(lastQuery(languageAnalyticsRoute)).toEqual({ from: '2026-01-01', to: '2026-01-31', language: 'fr' }));
    await waitFor(() => expect(tableRows().map((r) => r[0])).toEqual(['French']));
    await waitFor(async () => expect((await bars('Per language'))[0]!.names).toEqual(['French']));
  });

  it('says why a range that ends before it starts cannot be shown, and does not ask for it', async () => {
    await open();
    expectRangeRefused('From', '2099-01-01', ANALYTICS_MESSAGES.badRange);
    expect(tableRows()).toHaveLength(4); // the last good range stays on screen
    expectRangeRefused('From', '2020-01-01', ANALYTICS_MESSAGES.rangeTooLong);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: last30Days().to } });
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(lastQuery(languageAnalyticsRoute)).toEqual({ from: last30Days().to, to: last30Days().to }));
  });

  it('sorts by a header click, again to reverse, and downloads the table as shown', async () => {
    await open();
    expect(sortBy(/^New users/)).toBe('ascending');
    expect(tableRows().map((r) => r[0])).toEqual(['Russian', 'Spanish', 'French', 'German']);
    expect(sortBy(/^New users/)).toBe('descending');
    expect(tableRows().map((r) => r[0])).toEqual(['German', 'French', 'Spanish', 'Russian']);
    sortBy(/^Time spent/);
    const file = await downloadCsv();
    expect(file.name).toMatch(/^language-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.lines).toEqual([
      'Language,Users,Premium users,Active users,New users,Reads,Articles read,Chapters completed,Distinct chapters,Time spent (hours),Reads per active user,Hours per active user',
      'German,10,1,4,4,20,5,3,2,1.5,5,0.4',
      'French,20,2,8,3,40,10,6,4,3.0,5,0.4',
      'Spanish,30,3,12,2,60,15,9,6,4.5,5,0.4',
      'Russian,40,4,16,1,80,20,12,8,6.0,5,0.4',
      '',
    ]);
  });
});
