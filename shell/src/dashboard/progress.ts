// The dashboard's progress view (figures, chart, level badge and their styles): in the chunk DashboardPage
// loads before it reads the figures, so the sign-in page and every other first load go without it.
import './dashboard.css';

export { LevelBadge } from './LevelBadge';
export { ProgressFigures } from './ProgressFigures';
// The figures' read (the kit's query, the contract schemas it parses with) comes in this chunk too.
export { useDashboardFigures } from './dashboard-api';
