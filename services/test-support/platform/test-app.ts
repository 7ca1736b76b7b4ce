import { BACKGROUND_JOBS, UNTRUSTED_WORKER } from '../../src/runtime/untrusted-worker-url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/platform/config';
import { createHttpServer, type App } from '../../src/platform/http/server';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/platform/http/routes';
import { createLogger, type Logger } from '../../src/platform/logger';
import type { Module, ModuleDeps } from '../../src/platform/module';
import type { TestDatabase } from './databases';
import { openPlatform, type Platform } from '../../src/platform/app-platform';
import { stampRequestIds } from './request-ids';

/**
 * A composed app on a test database for route tests through `app.inject`: the same wiring as
 * `npm start`, with projectors running, so commands and reads go the whole way.
 */
export interface TestApp {
  app: App;
  platform: Platform;
  deps: ModuleDeps;
  agent(): Agent;
  /**
   * Waits until the projections applied everything appended so far. Not `store.headPosition()`: that is
   * bounded by the server's oldest open transaction, so another database's long transaction on a shared
   * server would make a wait on it stop short of events this test appended.
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  db: TestDatabase,
  modules: readonly Module[],
  options: { now?: () => Date; log?: Logger; env?: Record<string, string> } = {},
): Promise<TestApp> {
  // Files the app keeps (uploaded images) go to a directory of this app's own, removed at close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'verba-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.connectionString,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const log = options.log ?? createLogger('silent');
  const platform = await openPlatform(config, log, modules, {
    projectorsInProcess: true,
    now: options.now,
    untrustedWorker: UNTRUSTED_WORKER,
    backgroundJobs: BACKGROUND_JOBS,
  }); // REDIS_URL unset: fresh in-memory counters
  const app = await createHttpServer({ log, ready: () => true, ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}) });
  stampRequestIds(app, platform.deps.store);
  for (const m of modules) await m.routes?.(app, platform.deps);
  await platform.runner.start();
  await platform.relay.start();
  await platform.startReactors();
  for (const m of modules) await m.started?.(platform.deps);
  await app.ready();
  return {
    app,
    platform,
    deps: platform.deps,
    agent: () => new Agent(app),
    async caughtUp(timeoutMs = 30_000) {
      const { rows } = await platform.db.raw(
        'select transaction_id::text as tx, global_position as pos from es_events order by transaction_id desc, global_position desc limit 1',
      );
      if (!rows[0]) return;
      const last = { transaction: BigInt(rows[0].tx), sequence: BigInt(rows[0].pos) };
      if (!(await platform.deps.projections.waitFor(last, { timeoutMs }))) throw new Error('projections did not catch up');
    },
    async close() {
      await app.close();
      await platform.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Keeps cookies between requests like a browser, and echoes the CSRF cookie in its header. */
export class Agent {
  private readonly cookies = new Map<string, string>();
  private remoteAddress: string | undefined;
  constructor(private readonly app: App) {}

  /** Calls from this client address from now on (the sign-in throttle keys on it). */
  from(remoteAddress: string): this {
    this.remoteAddress = remoteAddress;
    return this;
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookies.size) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf && options.csrf !== false) headers[CSRF_HEADER] = csrf;
    const res = await this.app.inject({ ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}), ...options, headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  setCookies(cookies: Record<string, string>): this {
    for (const [k, v] of Object.entries(cookies)) this.cookies.set(k, v);
    return this;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  forget(name: string): void {
    this.cookies.delete(name);
  }
}
