// The dashboard's progress view (figures, chart, level badge and their styles): a chunk DashboardPage
// fetches together with the figures, so the sign-in page and every other first load go without it.
import './dashboard.css';

export { LevelBadge } from './LevelBadge';
export { ProgressFigures } from './ProgressFigures';
// The figures' route (and the contract schemas it parses with) come in this chunk too.
export { fetchDashboardFigures } from './dashboard-api';
