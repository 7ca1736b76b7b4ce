import { useState } from 'react';
import { QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, type LanguageAnalytics, type LearningLanguage } from '@verba/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useLanguageAnalytics } from '../api/analytics-api';
import { LanguagePicker, RangePicker, defaultRange, hours } from './Pickers';
import { SortableTable, type Column } from './SortableTable';
import { Chart } from './Chart';

const columns: Column<LanguageAnalytics>[] = [
  { key: 'language', label: 'Language', value: (r) => LANGUAGE_NAMES[r.language] },
  { key: 'totalUsers', label: 'Users', value: (r) => r.totalUsers },
  { key: 'totalPremiumUsers', label: 'Premium users', value: (r) => r.totalPremiumUsers },
  { key: 'totalActiveUsers', label: 'Active users', value: (r) => r.totalActiveUsers },
  { key: 'totalNewUsers', label: 'New users', value: (r) => r.totalNewUsers },
  { key: 'totalReads', label: 'Reads', value: (r) => r.totalReads },
  { key: 'totalArticles', label: 'Articles read', value: (r) => r.totalArticles },
  { key: 'totalChapters', label: 'Chapters completed', value: (r) => r.totalChapters },
  { key: 'chapters', label: 'Distinct chapters', value: (r) => r.chapters },
  { key: 'timeSpent', label: 'Time spent (hours)', value: (r) => r.timeSpent, show: (r) => hours(r.timeSpent) },
  { key: 'avgReads', label: 'Reads per active user', value: (r) => r.averages.reads },
  { key: 'avgTime', label: 'Hours per active user', value: (r) => r.averages.timeSpent, show: (r) => hours(r.averages.timeSpent) },
];

/** /app/admin/analytics/language-analytics (spec §3 Language analytics). */
export function LanguageAnalyticsPage() {
  const [range, setRange] = useState(defaultRange);
  const [language, setLanguage] = useState<LearningLanguage | ''>('');
  const figures = useLanguageAnalytics(range, language);
  const data = figures.data?.languages.map((l) => ({
    name: LANGUAGE_NAMES[l.language],
    active: l.totalActiveUsers,
    new: l.totalNewUsers,
    reads: l.totalReads,
    hours: Number(hours(l.timeSpent)),
  }));
  return (
    <main className="an-page">
      <SectionHeader section="admin" title="Language analytics" subtitle="Users, reads, chapters and time spent per learning language." />
      <div className="an-pickers">
        <RangePicker range={range} onChange={setRange} />
        <LanguagePicker value={language} onChange={setLanguage} />
      </div>
      {figures.isPending ? <Spinner label="Loading language analytics…" /> : null}
      <QueryErrorNotice query={figures} title="The analytics could not be loaded." />
      {data ? (
        <>
          <Chart title="Per language">
            <BarChart data={data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="active" name="Active users" fill="var(--vk-primary)" isAnimationActive={false} />
              <Bar dataKey="new" name="New users" fill="#2f9e6e" isAnimationActive={false} />
              <Bar dataKey="reads" name="Reads" fill="#d08a1f" isAnimationActive={false} />
              <Bar dataKey="hours" name="Hours" fill="#8a5cd0" isAnimationActive={false} />
            </BarChart>
          </Chart>
          <SortableTable
            caption={`Language analytics ${range.from} to ${range.to}`}
            columns={columns}
            rows={figures.data!.languages}
            file={`language-analytics-${range.from}-${range.to}.csv`}
          />
        </>
      ) : null}
    </main>
  );
}
