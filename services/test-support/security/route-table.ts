import * as http from '@verba/contracts/http';
import type { RouteDef } from '@verba/contracts/http';

const isRoute = (v: unknown): v is RouteDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v && 'response' in v;

/** Every route of the contracts route table, with a stable key ("METHOD /api/path"), sorted by key. */
export const contractRoutes: ReadonlyArray<{ key: string; name: string; route: RouteDef }> = (Object.entries(http) as [string, unknown][])
  .flatMap(([name, value]) => (isRoute(value) ? [{ key: `${value.method} ${value.path}`, name, route: value }] : []))
  .sort((a, b) => a.key.localeCompare(b.key));
