import { useState } from 'react';
import { QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import type { HistoricalRow, LearningLanguage } from '@verba/contracts';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useHistory } from '../api/analytics-api';
import { LanguagePicker, RangePicker, defaultRange, hours } from './Pickers';
import { SortableTable, type Column } from './SortableTable';
import { Chart } from './Chart';
import { HISTORICAL_FIGURES } from './historical-columns';

const columns: Column<HistoricalRow>[] = [{ key: 'period', label: 'Period', value: (r) => r.period }, ...HISTORICAL_FIGURES];

/** /app/admin/analytics/historical-analytics: rows per day or month, with returning and inactive users. */
export function HistoricalAnalyticsPage() {
  const [range, setRange] = useState(defaultRange);
  const [language, setLanguage] = useState<LearningLanguage | ''>('');
  const [granularity, setGranularity] = useState<'day' | 'month'>('day');
  const history = useHistory(range, granularity, language);
  const rows = history.data?.rows;
  return (
    <main className="an-page">
      <SectionHeader
        section="admin"
        title="Historical analytics"
        subtitle="Active, new, returning and inactive users, reads and time spent over time."
      />
      <div className="an-pickers">
        <RangePicker range={range} onChange={setRange} />
        <LanguagePicker value={language} onChange={setLanguage} />
        <label>
          Per{' '}
          <select value={granularity} onChange={(e) => setGranularity(e.target.value as 'day' | 'month')}>
            <option value="day">day</option>
            <option value="month">month</option>
          </select>
        </label>
      </div>
      {history.isPending ? <Spinner label="Loading historical analytics…" /> : null}
      <QueryErrorNotice query={history} title="The analytics could not be loaded." />
      {rows ? (
        <>
          <Chart title="Users">
            <LineChart data={rows}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="period" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="activeUsers" name="Active" stroke="var(--vk-primary)" dot={false} isAnimationActive={false} />
              <Line type="monotone" dataKey="newUsers" name="New" stroke="#2f9e6e" dot={false} isAnimationActive={false} />
              <Line type="monotone" dataKey="returningUsers" name="Returning" stroke="#d08a1f" dot={false} isAnimationActive={false} />
            </LineChart>
          </Chart>
          <Chart title="Reads and time spent">
            <LineChart data={rows.map((r) => ({ ...r, hours: Number(hours(r.timeSpent)) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="period" />
              <YAxis yAxisId="reads" allowDecimals={false} />
              <YAxis yAxisId="hours" orientation="right" />
              <Tooltip />
              <Legend />
              <Line yAxisId="reads" type="monotone" dataKey="reads" name="Reads" stroke="#d08a1f" dot={false} isAnimationActive={false} />
              <Line yAxisId="hours" type="monotone" dataKey="hours" name="Hours" stroke="#8a5cd0" dot={false} isAnimationActive={false} />
            </LineChart>
          </Chart>
          <SortableTable
            caption={`Historical analytics per ${granularity}`}
            columns={columns}
            rows={rows}
            file={`historical-analytics-${range.from}-${range.to}.csv`}
          />
        </>
      ) : null}
    </main>
  );
}
