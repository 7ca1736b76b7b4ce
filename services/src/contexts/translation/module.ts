import { readAfterFor } from '../../platform/http/read-your-writes';
import type { Logger } from '../../platform/logger';
import type { BaseDeps, Module } from '../../platform/module';
import { createLocalProvider } from './adapters/local/provider';
import { migrateTranslationMemory, TranslationMemory } from './domain/memory';
import { createOpenAiProvider } from './adapters/openai';
import { promptsProjection } from './projections/prompts';
import type { TranslationProvider } from './adapters/port';
import { translationRoutes } from './routes';
import { TranslationCommands } from './commands';
import { TranslationQueries } from './queries';

export interface TranslationModuleOptions {
  now?: () => Date;
  /** Replaces the configured provider (tests); gets the memory the local provider would use. */
  provider?: (memory: TranslationMemory) => TranslationProvider;
  /** Replaces the platform logger (tests read what was logged). */
  log?: Logger;
}

/** OpenAI (or a compatible server) when a key is configured; else the local dictionary provider. */
export function configuredProvider(config: BaseDeps['config'], memory: TranslationMemory): TranslationProvider {
  return config.OPENAI_API_KEY
    ? createOpenAiProvider({ apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL, ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}) })
    : createLocalProvider(memory);
}

export function createTranslationModule(options: TranslationModuleOptions = {}): Module {
  const now = options.now ?? (() => new Date());
  return {
    name: 'translation',
    migrate: migrateTranslationMemory,
    projections: [promptsProjection],
    routes(app, deps) {
      const memory = new TranslationMemory(deps.db, now);
      const provider = options.provider ? options.provider(memory) : configuredProvider(deps.config, memory);
      const queries = new TranslationQueries(provider, memory, deps.cache, deps.db, options.log ?? deps.log);
      translationRoutes(app, deps.auth, new TranslationCommands(deps.store, now), queries, readAfterFor(deps.projections, [promptsProjection.name]));
    },
  };
}

export const translationModule = createTranslationModule();
