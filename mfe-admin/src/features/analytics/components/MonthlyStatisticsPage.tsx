import { useState } from 'react';
import { QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import type { HistoricalRow } from '@verba/contracts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useMonthlyStatistics } from '../api/analytics-api';
import { SortableTable, type Column } from './SortableTable';
import { Chart } from './Chart';
import { HISTORICAL_FIGURES } from './historical-columns';

const month = (r: HistoricalRow) => r.period.slice(0, 7);

const columns: Column<HistoricalRow>[] = [{ key: 'month', label: 'Month', value: month }, ...HISTORICAL_FIGURES];

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** /app/admin/analytics/monthly-statistics: the twelve months up to a chosen month, every language (spec §6). */
export function MonthlyStatisticsPage() {
  const [upTo, setUpTo] = useState(thisMonth);
  const statistics = useMonthlyStatistics(upTo);
  const rows = statistics.data?.rows;
  return (
    <main className="an-page">
      <SectionHeader
        section="admin"
        title="Monthly statistics"
        subtitle="The twelve months up to the month you choose, all languages together."
      />
      <div className="an-pickers">
        <label>
          Up to <input type="month" value={upTo} max={thisMonth()} onChange={(e) => e.target.value && setUpTo(e.target.value)} />
        </label>
      </div>
      {statistics.isPending ? <Spinner label="Loading monthly statistics…" /> : null}
      <QueryErrorNotice query={statistics} title="The statistics could not be loaded." />
      {rows ? (
        <>
          <Chart title="Users per month">
            <BarChart data={rows.map((r) => ({ ...r, month: month(r) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="month" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="activeUsers" name="Active" fill="var(--vk-primary)" isAnimationActive={false} />
              <Bar dataKey="newUsers" name="New" fill="#2f9e6e" isAnimationActive={false} />
              <Bar dataKey="returningUsers" name="Returning" fill="#d08a1f" isAnimationActive={false} />
            </BarChart>
          </Chart>
          <SortableTable
            caption={`Monthly statistics, the twelve months up to ${upTo}`}
            columns={columns}
            rows={rows}
            file={`monthly-statistics-${upTo}.csv`}
          />
        </>
      ) : null}
    </main>
  );
}
