import { client, positions } from '@verba/kit';
import type { DashboardFigures } from '@verba/contracts';

// Schema-free call (client.send), as on every shell page; the read waits for the tab's latest write.
export async function fetchDashboardFigures(languageCode: string): Promise<DashboardFigures> {
  const p = await positions.settled(); // a word marked just before opening the dashboard counts
  const query = `languageCode=${encodeURIComponent(languageCode)}${p ? `&minPosition=${p}` : ''}`;
  return (await client.send('GET', `/api/analytics/progress?${query}`)) as DashboardFigures;
}
