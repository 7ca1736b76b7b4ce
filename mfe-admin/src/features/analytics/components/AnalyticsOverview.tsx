import { useState } from 'react';
import { QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, type LanguageAnalytics } from '@verba/contracts';
import { useLanguageAnalytics } from '../api/analytics-api';
import { defaultRange, hours } from './Pickers';

/** The overview's figures, summed over the languages (a user learning two languages counts in each). */
const FIGURES: { label: string; value: (l: LanguageAnalytics) => number; show?: (n: number) => string }[] = [
  { label: 'Active users', value: (l) => l.totalActiveUsers },
  { label: 'New users', value: (l) => l.totalNewUsers },
  { label: 'Premium users', value: (l) => l.totalPremiumUsers },
  { label: 'Reads', value: (l) => l.totalReads },
  { label: 'Chapters completed', value: (l) => l.totalChapters },
  { label: 'Hours spent', value: (l) => l.timeSpent, show: hours },
];

/**
 * /app/admin/analytics: the last 30 days at a glance (the language analytics of every language, summed and
 * per language); the pages above have the ranges, charts and tables.
 */
export function AnalyticsOverview() {
  const [range] = useState(defaultRange);
  const figures = useLanguageAnalytics(range, '');
  const languages = figures.data?.languages;
  const total = (f: (typeof FIGURES)[number]) => {
    const n = (languages ?? []).reduce((sum, l) => sum + f.value(l), 0);
    return f.show ? f.show(n) : String(n);
  };
  return (
    <main className="an-page">
      <SectionHeader section="admin" title="Analytics" subtitle="Figures from the event log: per language, per user and over time." />
      <h2 className="an-overview__title">
        Last 30 days ({range.from} to {range.to})
      </h2>
      {figures.isPending ? <Spinner label="Loading the figures…" /> : null}
      <QueryErrorNotice query={figures} title="The analytics could not be loaded." />
      {languages ? (
        <>
          <dl className="an-figures" aria-label="All languages">
            {FIGURES.map((f) => (
              <div key={f.label} className="an-figure">
                <dt>{f.label}</dt>
                <dd>{total(f)}</dd>
              </div>
            ))}
          </dl>
          <div className="an-table">
            <table>
              <caption>Per language</caption>
              <thead>
                <tr>
                  <th scope="col">Language</th>
                  <th scope="col">Users</th>
                  {FIGURES.map((f) => (
                    <th key={f.label} scope="col">
                      {f.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {languages.map((l) => (
                  <tr key={l.language}>
                    <th scope="row">{LANGUAGE_NAMES[l.language]}</th>
                    <td>{l.totalUsers}</td>
                    {FIGURES.map((f) => (
                      <td key={f.label}>{f.show ? f.show(f.value(l)) : f.value(l)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </main>
  );
}
