import type { Module, ModuleDeps } from '../platform/module';

/** How long a fresh store's seeding waits for the read models to show what it wrote. */
const CATCH_UP_MS = 60_000;

/**
 * Lets each module create its demo data on an empty store; returns what to print once. Modules seed
 * concurrently inside (their appends commit together), so the read models trail the last append by a
 * burst's worth: it returns once they have caught up, so the first page after a first start shows the
 * demo library and courses.
 */
export async function seedIfEmpty(deps: ModuleDeps, modules: readonly Module[]): Promise<string[]> {
  const head = await deps.store.readAll({ maxCount: 1 });
  if (head.length > 0) return [];
  const lines: string[] = [];
  for (const m of modules) lines.push(...((await m.seed?.(deps)) ?? []));
  const caughtUp = await deps.projections.waitFor(await deps.store.headPosition(), { timeoutMs: CATCH_UP_MS });
  if (!caughtUp)
    deps.log.warn(`the read models had not caught up with the demo content after ${CATCH_UP_MS / 1000} s; they go on in the background`);
  return lines;
}
