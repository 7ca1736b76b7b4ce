import type { Module } from '../src/platform/module';

/**
 * Translation, the module that owns the offline dictionaries: composed beside another context's module, it
 * gives that context words' meanings through the platform's word meanings port, as the runtime composes them.
 */
export async function dictionariesModule(): Promise<Module> {
  const { allModules } = await import('../src/runtime/modules');
  return allModules.find((m) => m.name === 'translation')!;
}
