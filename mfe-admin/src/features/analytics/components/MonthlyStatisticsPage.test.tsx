// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthlyStatisticsRoute } from '@verba/contracts/http';
import { bars, downloadCsv, lastQuery, openTable, relative, serve, sortBy, tableRows } from '../test/pages';

/** Monthly statistics rows as the route answers. */
const answer = () => ({
  rows: [
    {
      period: '2026-09-01',
      activeUsers: 5,
      newUsers: 3,
      returningUsers: 0,
      midTermInactiveUsers: 1,
      longTermInactiveUsers: 0,
      reads: 40,
      chapters: 2,
      reviews: 9,
      timeSpent: 5400,
    },
    {
      period: '2026-10-01',
      activeUsers: 9,
      newUsers: 1,
      returningUsers: 2,
      midTermInactiveUsers: 0,
      longTermInactiveUsers: 1,
      reads: 12,
      chapters: 7,
      reviews: 30,
      timeSpent: 36000,
    },
  ],
});

const open = () => {
  serve([[monthlyStatisticsRoute, answer]]);
  return openTable('monthly-statistics');
};
const months = () => tableRows().map((r) => r[0]);

describe('monthly statistics in the admin analytics pages', () => {
  it('is linked from the analytics navigation and lists the months with hours to one decimal, and a chart of them', async () => {
    await open();
    expect(screen.getByRole('link', { name: 'Monthly statistics' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('table', { name: /^Monthly statistics, the twelve months up to \d{4}-\d{2}$/ })).toBeTruthy();
    expect(months()).toEqual(['2026-09', '2026-10']);
    expect(tableRows()[1]).toEqual(['2026-10', '9', '1', '2', '0', '1', '12', '7', '30', '10.0']);
    expect(lastQuery(monthlyStatisticsRoute)).toEqual({ month: new Date().toISOString().slice(0, 7) });
    const [active, fresh] = await bars('Users per month');
    expect(relative(active!.heights)).toEqual(relative([5, 9]));
    expect(relative(fresh!.heights)).toEqual(relative([3, 1]));
  });

  it('sorts by a header click (again to reverse) and asks for another month from the picker', async () => {
    await open();
    expect(sortBy(/^Reads/)).toBe('ascending');
    expect(months()).toEqual(['2026-10', '2026-09']);
    expect(sortBy(/^Reads/)).toBe('descending');
    expect(months()).toEqual(['2026-09', '2026-10']);
    fireEvent.change(screen.getByLabelText('Up to'), { target: { value: '2026-03' } });
    await waitFor(() => expect(lastQuery(monthlyStatisticsRoute)).toEqual({ month: '2026-03' }));
  });

  it('downloads what the table shows as CSV', async () => {
    await open();
    const file = await downloadCsv();
    expect(file.name).toMatch(/^monthly-statistics-\d{4}-\d{2}\.csv$/);
    expect(file.lines).toEqual([
      'Month,Active,New,Returning,Mid-term inactive,Long-term inactive,Reads,Chapters,Reviews,Time spent (hours)',
      '2026-09,5,3,0,1,0,40,2,9,1.5',
      '2026-10,9,1,2,0,1,12,7,30,10.0',
      '',
    ]);
  });
});
