import type { HistoricalRow } from '@verba/contracts';
import { hours } from './Pickers';
import type { Column } from './SortableTable';

/** The figures of a historical row, as the historical and monthly tables show them after their period column. */
export const HISTORICAL_FIGURES: Column<HistoricalRow>[] = [
  { key: 'activeUsers', label: 'Active', value: (r) => r.activeUsers },
  { key: 'newUsers', label: 'New', value: (r) => r.newUsers },
  { key: 'returningUsers', label: 'Returning', value: (r) => r.returningUsers },
  { key: 'midTermInactiveUsers', label: 'Mid-term inactive', value: (r) => r.midTermInactiveUsers },
  { key: 'longTermInactiveUsers', label: 'Long-term inactive', value: (r) => r.longTermInactiveUsers },
  { key: 'reads', label: 'Reads', value: (r) => r.reads },
  { key: 'chapters', label: 'Chapters', value: (r) => r.chapters },
  { key: 'reviews', label: 'Reviews', value: (r) => r.reviews },
  { key: 'timeSpent', label: 'Time spent (hours)', value: (r) => r.timeSpent, show: (r) => hours(r.timeSpent) },
];
