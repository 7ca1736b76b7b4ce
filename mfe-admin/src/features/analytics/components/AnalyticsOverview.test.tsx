// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageAnalyticsRoute } from '@verba/contracts/http';
import { KitProviders } from '@verba/kit/query';
import { AnalyticsPages } from './AnalyticsPages';
import { last30Days, lastQuery, serve } from '../test/pages';

const figures = (language: string, n: number) => ({
  language,
  totalUsers: 10 * n,
  totalPremiumUsers: n,
  totalActiveUsers: 4 * n,
  totalNewUsers: 2 * n,
  totalReads: 7 * n,
  totalChapters: 3 * n,
  timeSpent: 1800 * n,
  totalArticles: 5 * n,
  chapters: 2 * n,
  averages: { reads: 1.75, chapters: 0.75, timeSpent: 450 },
});

describe('the analytics overview (/app/admin/analytics)', () => {
  it('shows the last 30 days below its header: the figures of all languages and of each', async () => {
    serve([[languageAnalyticsRoute, () => ({ ...last30Days(), languages: [figures('de', 2), figures('fr', 1)] })]]);
    render(
      <KitProviders>
        <AnalyticsPages pathname="/app/admin/analytics" />
      </KitProviders>,
    );
    const all = await screen.findByLabelText('All languages');
    const shown = Object.fromEntries(
      within(all)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(shown).toEqual({
      'Active users': '12',
      'New users': '6',
      'Premium users': '3',
      Reads: '21',
      'Chapters completed': '9',
      'Hours spent': '1.5',
    });
    const german = within(screen.getByRole('row', { name: /^German/ }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(german).toEqual(['20', '8', '4', '2', '14', '6', '1.0']);
    expect(lastQuery(languageAnalyticsRoute)).toEqual(last30Days());
  });
});
