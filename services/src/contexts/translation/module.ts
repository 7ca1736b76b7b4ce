import type { Logger } from '../../platform/logger';
import type { BaseDeps, Module } from '../../platform/module';
import { createLocalProvider } from './adapters/local/provider';
import { migrateTranslationMemory, TranslationMemory } from './domain/memory';
import { createOpenAiProvider } from './adapters/openai';
import { promptsProjection } from './projections/prompts';
import { ownMeaningsProjection } from './projections/own-meanings';
import { withFallback } from './adapters/fallback';
import type { TranslationProvider } from './adapters/port';
import { translationRoutes } from './routes';
import { promptStream } from './events';
import { TranslationCommands } from './commands';
import { TranslationQueries } from './queries';
import { dictionaryWordMeanings } from './adapters/local/dictionary/first-meanings';

export interface TranslationModuleOptions {
  now?: () => Date;
  /** Replaces the configured provider (tests); gets the memory the local provider would use. */
  provider?: (memory: TranslationMemory) => TranslationProvider;
  /** Replaces the platform logger (tests read what was logged). */
  log?: Logger;
}

/**
 * OpenAI or a compatible server when a key or a base URL is configured (a local Ollama or llama.cpp server
 * needs no key), the offline dictionary its fallback; else the dictionary alone.
 */
export function configuredProvider(config: BaseDeps['config'], memory: TranslationMemory, log: Logger): TranslationProvider {
  const local = createLocalProvider(memory);
  if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL) return local;
  const openai = createOpenAiProvider({
    model: config.OPENAI_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
    ...(config.OPENAI_BASE_URL ? { baseURL: config.OPENAI_BASE_URL } : {}),
  });
  return withFallback(openai, local, log);
}

export function createTranslationModule(options: TranslationModuleOptions = {}): Module {
  const now = options.now ?? (() => new Date());
  return {
    name: 'translation',
    migrate: migrateTranslationMemory,
    projections: [promptsProjection, ownMeaningsProjection],
    history: { prompt: (kind) => [promptStream(kind)] },
    // The offline dictionaries' first senses, for contexts that list words with their meaning.
    provides: { wordMeanings: () => dictionaryWordMeanings() },
    routes(app, deps) {
      const log = options.log ?? deps.log;
      const memory = new TranslationMemory(deps.db, now);
      const provider = options.provider ? options.provider(memory) : configuredProvider(deps.config, memory, log);
      const queries = new TranslationQueries(provider, memory, deps.cache, deps.db, log);
      translationRoutes(app, deps, new TranslationCommands(deps.store, now, deps.personalData), queries);
    },
  };
}

export const translationModule = createTranslationModule();
