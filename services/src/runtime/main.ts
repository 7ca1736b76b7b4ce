import { ConfigError, loadConfig } from '../platform/config';
import { EventStoreUnavailableError } from '../platform/event-store/select';
import { createLogger } from '../platform/logger';
import { allModules } from './modules';
import { runCli } from './cli';
import { runServer } from './server';
import { startTracingFromEnv } from '../platform/tracing/start';

/**
 * Entry point. Roles: all-in-one (default, what `npm start` runs), api, projector, relay; and the CLI
 * commands migrate, rebuild <projection>, seed.
 */
const [role = 'all-in-one', ...args] = process.argv.slice(2);

try {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, `verba-${role}`);
  if (role === 'all-in-one' || role === 'api' || role === 'projector' || role === 'relay') {
    // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise nothing of OpenTelemetry is loaded.
    const tracing = await startTracingFromEnv(`verba-${role}`);
    if (tracing) process.once('beforeExit', () => void tracing.shutdown());
    await runServer(role, config, log, allModules);
  } else {
    process.exitCode = await runCli(role, args, config, log, allModules);
  }
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exitCode = 2;
  } else if (e instanceof EventStoreUnavailableError || (e as Error | undefined)?.name === 'LogSwitchedError') {
    // Also from the projector thread, where the class does not survive the crossing: by name.
    console.error((e as Error).message);
    process.exit(1); // now: a projector thread being restarted must not keep a refused start alive
  } else {
    throw e;
  }
}
