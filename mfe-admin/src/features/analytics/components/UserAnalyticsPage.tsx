import { useState } from 'react';
import { QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, USER_ANALYTICS_SORTS, type LearningLanguage, type UserAnalytics } from '@verba/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { useUserAnalytics } from '../api/analytics-api';
import { LanguagePicker, RangePicker, defaultRange, hours } from './Pickers';
import { SortableTable, type Column } from './SortableTable';
import { Chart } from './Chart';

const columns: Column<UserAnalytics>[] = [
  { key: 'userId', label: 'User (pseudonymous id)', value: (r) => r.userId },
  { key: 'language', label: 'Language', value: (r) => LANGUAGE_NAMES[r.language] },
  { key: 'wordsKnown', label: 'Words known', value: (r) => r.wordsKnown },
  { key: 'wordsUncertain', label: 'Words uncertain', value: (r) => r.wordsUncertain },
  { key: 'reads', label: 'Reads', value: (r) => r.reads },
  { key: 'chapters', label: 'Chapters', value: (r) => r.chapters },
  { key: 'cards', label: 'Cards', value: (r) => r.cards },
  { key: 'reviews', label: 'Reviews', value: (r) => r.reviews },
  { key: 'timeSpent', label: 'Time spent (hours)', value: (r) => r.timeSpent, show: (r) => hours(r.timeSpent) },
  { key: 'lastActivity', label: 'Last activity', value: (r) => r.lastActivity },
];

const SORT_LABELS: Record<(typeof USER_ANALYTICS_SORTS)[number], string> = {
  lastActivity: 'last activity',
  timeSpent: 'time spent',
  reads: 'reads',
  wordsKnown: 'words known',
  reviews: 'reviews',
};

/**
 * /app/admin/analytics/user-analytics: per user and language, the 500 first by the chosen order; reads,
 * chapters, reviews, time and last activity within the date range, words and cards as they are now.
 */
export function UserAnalyticsPage() {
  const [range, setRange] = useState(defaultRange);
  const [language, setLanguage] = useState<LearningLanguage | ''>('');
  const [sort, setSort] = useState<(typeof USER_ANALYTICS_SORTS)[number]>('lastActivity');
  const users = useUserAnalytics(range, language, sort);
  const top = users.data?.users
    .slice(0, 15)
    .map((u) => ({ name: u.userId.slice(0, 8), hours: Number(hours(u.timeSpent)), known: u.wordsKnown }));
  return (
    <main className="an-page">
      <SectionHeader
        section="admin"
        title="User analytics"
        subtitle="Words, reads, chapters, cards and time spent per user and language."
      />
      <div className="an-pickers">
        <RangePicker range={range} onChange={setRange} />
        <LanguagePicker value={language} onChange={setLanguage} />
        <label>
          First by{' '}
          <select value={sort} onChange={(e) => setSort(e.target.value as typeof sort)}>
            {USER_ANALYTICS_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {users.isPending ? <Spinner label="Loading user analytics…" /> : null}
      <QueryErrorNotice query={users} title="The analytics could not be loaded." />
      {users.data ? (
        <>
          <p className="an-total">{users.data.total} users and languages</p>
          <Chart title="Words known, first users">
            <BarChart data={top}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="known" name="Words known" fill="var(--vk-primary)" isAnimationActive={false} />
            </BarChart>
          </Chart>
          <SortableTable
            caption={`User analytics ${range.from} to ${range.to}`}
            columns={columns}
            rows={users.data.users}
            file={`user-analytics-${range.from}-${range.to}.csv`}
          />
        </>
      ) : null}
    </main>
  );
}
