import type { Module } from '../src/platform/module';

/**
 * Learning, the module that owns courses: composed beside another context's module, it gives that context the
 * chapters each learner has read through the platform's chapter reading port, as the runtime composes them.
 * Its demo courses are seeded, so admins can add lessons and chapters to them.
 */
export async function coursesModule(): Promise<Module> {
  const { allModules } = await import('../src/runtime/modules');
  return allModules.find((m) => m.name === 'learning')!;
}
