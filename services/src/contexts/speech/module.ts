import type { BaseDeps, Module } from '../../platform/module';
import { AudioCache, migrateAudioCache } from './domain/audio-cache';
import { createEspeakWasmSynthesizer } from './adapters/espeak-wasm';
import { createPollySynthesizer } from './adapters/polly';
import { audioRoutes, speechRoutes } from './routes';
import { AudioCommands, SpeechCommands } from './commands';
import { AudioQueries, SpeechQueries } from './queries';
import { audioProjection } from './projections/audio';
import { mediaStorageFor } from '../../platform/storage/select';
import type { Synthesizer } from './adapters/synthesizer';
import { TtsUsage } from './domain/usage';

export interface SpeechModuleOptions {
  /** The clock; tests move it across a month boundary. */
  now?: () => Date;
  /** Replaces the configured engine (tests count calls with it). */
  synthesizer?: Synthesizer;
}

/** Polly where a region is configured, else espeak-ng compiled to WebAssembly (nothing to install). */
export function configuredSynthesizer(config: BaseDeps['config']): Synthesizer {
  return config.POLLY_REGION
    ? createPollySynthesizer({ region: config.POLLY_REGION, ...(config.POLLY_ENDPOINT ? { endpoint: config.POLLY_ENDPOINT } : {}) })
    : createEspeakWasmSynthesizer();
}

export function createSpeechModule(options: SpeechModuleOptions = {}): Module {
  const now = options.now ?? (() => new Date());
  return {
    name: 'speech',
    migrate: migrateAudioCache,
    projections: [audioProjection],
    async routes(app, deps) {
      const synthesizer = options.synthesizer ?? configuredSynthesizer(deps.config);
      app.addHook('onClose', async () => synthesizer.close?.());
      const usage = new TtsUsage(deps.store, now);
      const commands = new SpeechCommands(synthesizer, new AudioCache(deps.db, now), usage, deps.entitlements, deps.log);
      speechRoutes(app, deps, commands, new SpeechQueries(usage, deps.entitlements));
      // The audio manager: chapter and article audio in media storage beside the images.
      const storage = mediaStorageFor(deps.config, 'audio');
      await audioRoutes(app, deps, {
        commands: new AudioCommands(deps.store, storage, synthesizer, deps.log, now),
        queries: new AudioQueries(deps.db),
        storage,
        readable: deps.readable,
        untrusted: deps.untrusted,
      });
    },
  };
}

export const speechModule = createSpeechModule();
