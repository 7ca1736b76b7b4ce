import type { Knex } from 'knex';
import type { Config } from './config';
import type { EventStore } from './event-store/port';
import type { App } from './http/server';
import type { Logger } from './logger';
import type { Projection } from './projections/projection';
import type { ProjectionRunner } from './projections/runner';

/** What every bounded context gets from the runtime. */
export interface ModuleDeps {
  config: Config;
  log: Logger;
  store: EventStore;
  db: Knex;
  /** Read-your-writes: queries wait on it for the position a command returned. */
  projections: Pick<ProjectionRunner, 'waitFor'>;
}

/** A bounded context as the runtime composes it; any set of modules can run in one process. */
export interface Module {
  name: string;
  /** Tables that are not read models (kept outside the log, e.g. encryption keys). */
  migrate?(db: Knex): Promise<void>;
  projections?: readonly Projection[];
  routes?(app: App, deps: ModuleDeps): Promise<void> | void;
  /** Creates demo data on an empty store; returns lines to print once. */
  seed?(deps: ModuleDeps): Promise<string[]>;
}
