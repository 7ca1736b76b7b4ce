/**
 * @verba/kit/query: server state (TanStack Query on the contracts client) and the fragment root.
 * A separate shared singleton, so pages that need no server state (the sign-in page) do not load it.
 *
 * Freshness, one mechanism: a write goes through `useCommand` (or `sendCommand`/`callCommand`), which
 * records the log position the command answered in `positions`; `useRouteQuery` reads every route whose
 * contract query takes `minPosition` at this tab's latest position, by itself (the position is part of
 * the cache key, so each write re-reads the views it may change, and the API answers once its read
 * models include the write). Nothing else: no invalidating by URL, no patching the cache by hand, no
 * polling, no positions in URL strings. A read that must not move during a round sets its own
 * `minPosition` (`{ minPosition: held }`, held by `useOpenedAt`/`useHeldPosition`); a read outside React goes through
 * `fetchRoute` (or the kit's `readRoute`).
 */
export { queryClient, routeKey, useRouteQuery, useRouteQueryUntil, fetchRoute } from './queries';
export { useCommand, keepPrevious } from './commands';
export { useHeldPosition, useOpenedAt } from './position';
export { fragmentLifecycles, KitProviders } from './lifecycles';
export { DashboardWidget } from './widget';
export { optimisticMarks, type WordMark, type MarksUndo } from './word-marks';
export { rereadQueuedChanges } from './offline';
