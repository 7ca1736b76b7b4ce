// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@verba/contracts';
import { historicalAnalyticsRoute } from '@verba/contracts/http';
import {
  downloadCsv,
  expectLoadingThenTable,
  expectRangeRefused,
  last30Days,
  lastQuery,
  lineHeights,
  openTable,
  relative,
  serve,
  sortBy,
  tableRows,
} from '../test/pages';

const day = (period: string, active: number, fresh: number, returning: number, reads: number, timeSpent: number) => ({
  period,
  activeUsers: active,
  newUsers: fresh,
  returningUsers: returning,
  midTermInactiveUsers: 2,
  longTermInactiveUsers: 1,
  reads,
  chapters: 1,
  reviews: 3,
  timeSpent,
});
const DAYS = [day('2026-10-01', 4, 1, 0, 12, 3600), day('2026-10-02', 9, 3, 2, 30, 10800), day('2026-10-03', 6, 2, 1, 18, 1800)];
const answer = (q: URLSearchParams) => ({ from: q.get('from'), to: q.get('to'), rows: DAYS });

/** Opens the page on the server above and waits for its table. */
const open = () => {
  serve([[historicalAnalyticsRoute, answer]]);
  return openTable('historical-analytics');
};

describe('historical analytics page', () => {
  it('shows a loading state, then the rows and two charts drawn from them', async () => {
    serve([[historicalAnalyticsRoute, answer]]);
    await expectLoadingThenTable('historical-analytics', 'Loading historical analytics…', 'Historical analytics per day');
    expect(tableRows()[1]).toEqual(['2026-10-02', '9', '3', '2', '2', '1', '30', '1', '3', '3.0']);
    // Active, new and returning users; reads and hours: one point a day, each as high as its figure.
    expect(await lineHeights('Users')).toEqual([relative([4, 9, 6]), relative([1, 3, 2]), relative([0, 2, 1])]);
    expect((await lineHeights('Reads and time spent'))[0]).toEqual(relative([12, 30, 18]));
    expect((await lineHeights('Reads and time spent'))[1]).toEqual(relative([1, 3, 0.5]));
  });

  it('asks for the last 30 days per day in every language, then for the range, language and period picked', async () => {
    await open();
    expect(lastQuery(historicalAnalyticsRoute)).toEqual({ ...last30Days(), granularity: 'day' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'ru' } });
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'month' } });
    await waitFor(() =>
      expect(lastQuery(historicalAnalyticsRoute)).toEqual({ from: '2026-01-01', to: '2026-06-30', granularity: 'month', language: 'ru' }),
    );
    await screen.findByRole('table', { name: 'Historical analytics per month' });
  });

  it('says why a range that ends before it starts cannot be shown, and does not ask for it', async () => {
    await open();
    expectRangeRefused('From', '2099-12-31', ANALYTICS_MESSAGES.badRange);
    expect(tableRows()).toHaveLength(3);
  });

  it('sorts by a header click, again to reverse, and downloads the table as shown', async () => {
    await open();
    expect(sortBy(/^Reads/)).toBe('ascending');
    expect(tableRows().map((r) => r[0])).toEqual(['2026-10-01', '2026-10-03', '2026-10-02']);
    expect(sortBy(/^Reads/)).toBe('descending');
    expect(tableRows().map((r) => r[0])).toEqual(['2026-10-02', '2026-10-03', '2026-10-01']);
    const file = await downloadCsv();
    expect(file.name).toMatch(/^historical-analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.lines).toEqual([
      'Period,Active,New,Returning,Mid-term inactive,Long-term inactive,Reads,Chapters,Reviews,Time spent (hours)',
      '2026-10-02,9,3,2,2,1,30,1,3,3.0',
      '2026-10-03,6,2,1,2,1,18,1,3,0.5',
      '2026-10-01,4,1,0,2,1,12,1,3,1.0',
      '',
    ]);
  });
});
