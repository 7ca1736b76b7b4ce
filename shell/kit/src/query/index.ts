/**
 * @verba/kit/query: server state (TanStack Query on the contracts client) and the fragment root.
 * A separate shared singleton, so pages that need no server state (the sign-in page) do not load it.
 */
export { queryClient, routeKey, useRouteQuery, invalidatePaths } from './queries';
export { useCommand, useMinPosition, keepPrevious } from './commands';
export { fragmentLifecycles, KitProviders } from './lifecycles';
export { DashboardWidget } from './widget';
