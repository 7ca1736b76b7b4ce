import type { Knex } from 'knex';
import type { Cache } from './cache/port';
import type { Config } from './config';
import type { EventStore } from './event-store/port';
import type { Authenticator } from './http/routes';
import type { IntegrationMapper } from './integration/relay';
import type { App } from './http/server';
import type { Logger } from './logger';
import type { Projection } from './projections/projection';
import type { ProjectionRunner } from './projections/runner';
import type { Secrets } from './secrets';

/** What every bounded context gets from the runtime. */
export interface BaseDeps {
  config: Config;
  log: Logger;
  store: EventStore;
  db: Knex;
  cache: Cache;
  secrets: Secrets;
  /** Read-your-writes: queries wait on it for the position a command returned. */
  projections: Pick<ProjectionRunner, 'waitFor'>;
  /** True when this process runs the projectors, so caches the projectors invalidate are exact here. */
  projectorsInProcess: boolean;
}

export interface ModuleDeps extends BaseDeps {
  auth: Authenticator;
}

/** A bounded context as the runtime composes it; any set of modules can run in one process. */
export interface Module {
  name: string;
  /** Tables that are not read models (kept outside the log, e.g. encryption keys, sessions). */
  migrate?(db: Knex): Promise<void>;
  projections?: readonly Projection[];
  /** Domain event type -> its public integration event (published by the relay). */
  integration?: Readonly<Record<string, IntegrationMapper>>;
  /** The one module that knows who calls (identity) provides the authenticator for every route. */
  authenticator?(deps: BaseDeps): Authenticator;
  routes?(app: App, deps: ModuleDeps): Promise<void> | void;
  /** Runs once the projectors are running (e.g. finishing work a crash interrupted). */
  started?(deps: ModuleDeps): Promise<void>;
  /** Creates demo data on an empty store; returns lines to print once. */
  seed?(deps: ModuleDeps): Promise<string[]>;
}
