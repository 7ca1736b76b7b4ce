import type { Module, ModuleDeps } from '../platform/module';

/** Lets each module create its demo data on an empty store; returns what to print once. */
export async function seedIfEmpty(deps: ModuleDeps, modules: readonly Module[]): Promise<string[]> {
  const head = await deps.store.readAll({ maxCount: 1 });
  if (head.length > 0) return [];
  const lines: string[] = [];
  for (const m of modules) lines.push(...((await m.seed?.(deps)) ?? []));
  return lines;
}
