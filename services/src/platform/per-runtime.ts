import type { BaseDeps } from './module';

/**
 * What one runtime (one openPlatform: a process's, or each of a test's) holds of its modules: each module's
 * instance, created on first use and kept as long as the runtime, so two runtimes in one process never share one.
 */
export class RuntimeInstances {
  private readonly made = new Map<PerRuntime<unknown>, unknown>();

  of<T>(kind: PerRuntime<T>, create: () => T): T {
    if (this.made.has(kind)) return this.made.get(kind) as T;
    const made = create();
    this.made.set(kind, made);
    return made;
  }
}

/** A module's per-runtime instance: `of(deps)` is the same object for every caller in that runtime. */
export interface PerRuntime<T> {
  of(deps: BaseDeps): T;
}

/** Declares a module's per-runtime instance, made by `create` once per runtime (the runtime keeps it). */
export function perRuntime<T>(create: (deps: BaseDeps) => T): PerRuntime<T> {
  const kind: PerRuntime<T> = { of: (deps) => deps.instances.of(kind, () => create(deps)) };
  return kind;
}
