/**
 * @verba/kit/query: server state (TanStack Query on the contracts client) and the fragment root.
 * A separate shared singleton, so pages that need no server state (the sign-in page) do not load it.
 */
export { queryClient, routeKey, useRouteQuery, useRouteMutation, invalidatePaths } from './queries';
export { fragmentLifecycles, KitProviders } from './lifecycles';
