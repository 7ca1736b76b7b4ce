import { BACKGROUND_JOBS, UNTRUSTED_WORKER } from './untrusted-worker-url';
import type { Config } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { Module } from '../platform/module';
import { openPlatform } from '../platform/app-platform';
import { seedIfEmpty } from './seed';
import { followersAdoptLog } from '../platform/event-store/checkpointed-follower';
import { parseAsOfDay, rebuildAsOf } from '../platform/projections/as-of';
import { integrationEvents, replayTo } from '../platform/integration/replay';
import { writeExport } from '../platform/integration/export';
import { parseAnalystArgs, type AnalystArgs } from './analyst-args';
import { BACKUP_USAGE, backupCommand, restoreCommand } from './backup-cli';

const USAGE = `Usage: npm run cli -w services -- <command>
  all-in-one | api | projector | relay   run a server role (all-in-one is what npm start runs)
  migrate                        create or update every table
  rebuild <projection>           rebuild a read model beside the live one and switch to it
  rebuild --all                  rebuild every read model from the store's log (after the log changed: see REBUILD_ON_NEW_LOG)
  rebuild <projection> --as-of YYYY-MM-DD
                                 build the read model as it stood at the end of that UTC day, beside the live one
  seed                           create the demo users on an empty store
  replay --topic T [--from D|P] [--to D|P] [--types t1,t2]
                                 re-publish integration events from the log to topic T (dates are UTC days
                                 or ISO times of the facts; P a log position transaction.sequence)
  export --out FILE [--format ndjson|parquet] [--from D|P] [--to D|P] [--types t1,t2]
                                 write integration events from the log for DuckDB and other tools
${BACKUP_USAGE}`;

const moduleCommands = (modules: readonly Module[]) => Object.assign({}, ...modules.map((m) => m.cli ?? {})) as NonNullable<Module['cli']>;

export async function runCli(command: string, args: string[], config: Config, log: Logger, modules: readonly Module[]): Promise<number> {
  const extra = moduleCommands(modules);
  if (command === 'backup') return backupCommand(args, config);
  if (command === 'restore') return restoreCommand(args, config, log, modules);
  if (!['migrate', 'rebuild', 'seed', 'replay', 'export'].includes(command) && !Object.hasOwn(extra, command)) {
    console.error(
      `Unknown command "${command}".\n${USAGE}\n${Object.values(extra)
        .map((c) => `  ${c.usage}`)
        .join('\n')}`,
    );
    return 2;
  }
  const names = modules.flatMap((m) => m.projections ?? []).map((p) => p.name);
  if (command === 'rebuild' && (!args[0] || (!names.includes(args[0]) && args[0] !== '--all'))) {
    console.error(`rebuild needs --all or one of: ${names.join(', ') || '(no projections yet)'}`);
    return 2;
  }
  let analyst: AnalystArgs | undefined;
  if (command === 'replay' || command === 'export') {
    try {
      analyst = parseAnalystArgs(command, args);
    } catch (error) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
  }
  const asOf = command === 'rebuild' && args[1] === '--as-of' ? parseAsOfDay(args[2]) : undefined;
  if (command === 'rebuild' && args.length > 1 && !asOf) {
    console.error('rebuild <projection> --as-of needs a date written YYYY-MM-DD');
    return 2;
  }
  const platform = await openPlatform(config, log, modules, { untrustedWorker: UNTRUSTED_WORKER, backgroundJobs: BACKGROUND_JOBS });
  try {
    if (Object.hasOwn(extra, command)) {
      // Module commands read the read models: bring them up to date first.
      await platform.runner.start();
      return await extra[command]!.run(platform.deps, args);
    } else if (analyst) {
      const mappers = Object.assign({}, ...modules.map((m) => m.integration ?? {}));
      const events = integrationEvents(platform.deps.store, mappers, analyst.filter);
      if (command === 'replay') {
        const n = await replayTo(platform.publisher, analyst.target, events);
        console.log(`replayed ${n} integration events to ${analyst.target} (${platform.publisher.name})`);
      } else {
        const n = await writeExport(analyst.format, events, analyst.target);
        console.log(`exported ${n} integration events to ${analyst.target} (${analyst.format})`);
      }
    } else if (command === 'rebuild' && asOf) {
      const projection = modules.flatMap((m) => m.projections ?? []).find((p) => p.name === args[0])!;
      if (!projection.asOfTime) {
        console.error(`${args[0]} cannot be rebuilt as of a date`);
        return 2;
      }
      const started = Date.now();
      const result = await rebuildAsOf(platform.deps.store, platform.deps.db, projection, asOf);
      console.log(
        `rebuilt ${args[0]} as of ${asOf} from ${result.applied} of ${result.events} events in ${Date.now() - started} ms: ${result.tables.join(', ')}`,
      );
    } else if (command === 'rebuild' && args[0] === '--all') {
      // Every read model from the store's log, and the followers to its head: what REBUILD_ON_NEW_LOG does at start.
      const started = Date.now();
      for (const name of names) {
        const result = await platform.runner.rebuild(name);
        console.log(`rebuilt ${name} (generation ${result.generation}) from ${result.events} events`);
      }
      const moved = await followersAdoptLog(platform.deps.db, platform.deps.store);
      if (moved.length) console.log(`moved to the head of log ${await platform.deps.store.logId()}: ${moved.join(', ')}`);
      console.log(`rebuilt ${names.length} read models in ${Date.now() - started} ms`);
    } else if (command === 'rebuild') {
      const started = Date.now();
      const result = await platform.runner.rebuild(args[0]!, (n) => {
        if (n % 10_000 < 500) process.stderr.write(`\r${n} events`);
      });
      console.log(`\nrebuilt ${args[0]} (generation ${result.generation}) from ${result.events} events in ${Date.now() - started} ms`);
    } else if (command === 'seed') {
      await platform.runner.start();
      const lines = await seedIfEmpty(platform.deps, modules);
      console.log(lines.length ? lines.join('\n') : 'The store is not empty: nothing seeded.');
    } else {
      console.log('migrated');
    }
    return 0;
  } finally {
    await platform.close();
  }
}
