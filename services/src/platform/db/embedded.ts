import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { startPgliteBridge } from './pglite-bridge';

/**
 * Embedded PostgreSQL (PGlite, WASM) behind a local socket, so the rest of the back end talks to it
 * with the ordinary `pg` driver exactly as it would to a real server.
 */
export interface EmbeddedPostgres {
  connectionString: string;
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data directory; in memory when omitted (tests). */
  dataDir?: string;
  /**
   * Where a new data directory is copied from (see pgliteTemplateDir), or false to run initdb without
   * one (and save none). Default: the machine's template, made by `npm install` or by the first initdb.
   */
  template?: string | false;
}

/**
 * PostgreSQL's memory settings for one embedded user. WASM memory never shrinks, so what the backend
 * once touched stays resident: the defaults (128 MB shared buffers, 64 MB maintenance_work_mem for
 * index builds) cost about 120 MiB of RSS more than these, for a database of one person's size.
 */
export const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'];

/** PGlite's package folder (its package.json is not exported, so found from the resolved entry). */
function pgliteRoot(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/**
 * The machine's template data directory: a cluster fresh from initdb, kept in the node_modules that
 * holds PGlite (`node_modules/.cache/verba/`), named by PGlite's version and the start parameters, so
 * an upgrade makes a new one and `npm ci` starts clean. It holds no data and no secret (keys live in
 * DATA_DIR, outside the cluster).
 */
export function pgliteTemplateDir(): string {
  const root = pgliteRoot();
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update(JSON.stringify(EMBEDDED_START_PARAMS)).digest('hex').slice(0, 8);
  const nodeModules = path.resolve(root, '../..');
  return path.join(nodeModules, '.cache', 'verba', `pglite-${version}-${key}`);
}

const isCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
const isEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length === 0;
const sideDir = (dir: string, tag: string) => `${dir}.${tag}-${process.pid}-${Date.now()}`;

/**
 * Runs initdb into `dataDir` in a short-lived worker thread: PGlite's initdb runs two more WASM
 * instances next to the server's (about 400 MiB more at the peak), which a thread's exit returns to
 * the system at once; in the main thread they stay resident until a full GC, which an idle server
 * may not run for a long time.
 */
async function initdb(dataDir: string): Promise<void> {
  const worker = new Worker(new URL('./embedded-init.mjs', import.meta.url), {
    workerData: { dataDir, startParams: EMBEDDED_START_PARAMS },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database in ${dataDir} failed (exit ${code})`)),
    );
  });
}

/** Copies a directory to `to` through a side folder, so a crash never leaves a half-made `to`. */
function copyInto(from: string, to: string): void {
  const side = sideDir(to, 'copy');
  try {
    cpSync(from, side, { recursive: true });
    if (isEmptyDir(to)) rmSync(to, { recursive: true });
    renameSync(side, to);
  } finally {
    rmSync(side, { recursive: true, force: true });
  }
}

/**
 * Makes the template if this machine has none (initdb, 7-13 s); `npm install` calls it (postinstall),
 * so the first `npm start` only copies it. Safe to run from several processes at once: each builds in
 * its own folder and the first rename wins.
 */
export async function ensurePgliteTemplate(template: string = pgliteTemplateDir()): Promise<{ template: string; created: boolean }> {
  if (isCluster(template)) return { template, created: false };
  mkdirSync(path.dirname(template), { recursive: true });
  const side = sideDir(template, 'initdb');
  try {
    await initdb(side);
    try {
      renameSync(side, template);
    } catch (e) {
      if (!isCluster(template)) throw e; // else another process made it first: keep theirs
    }
  } finally {
    rmSync(side, { recursive: true, force: true });
  }
  return { template, created: true };
}

/**
 * A new data directory: a copy of the template (about 0.3 s) when there is one, else initdb (and the
 * result is kept as the template for the next new directory).
 */
async function createDataDir(dataDir: string, template: string | false): Promise<void> {
  if (template && !isCluster(template)) {
    try {
      await ensurePgliteTemplate(template);
    } catch {
      template = false; // e.g. a read-only node_modules: create the directory without a template
    }
  }
  // A non-empty folder without a cluster (an interrupted initdb of an older version) is left to initdb.
  if (template && (!existsSync(dataDir) || isEmptyDir(dataDir))) {
    copyInto(template, dataDir);
  } else {
    await initdb(dataDir);
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedPostgres> {
  if (options.dataDir && !isCluster(options.dataDir)) {
    await createDataDir(options.dataDir, options.template === undefined ? pgliteTemplateDir() : options.template);
  }
  const db = options.dataDir
    ? new PGlite(options.dataDir, { startParams: EMBEDDED_START_PARAMS })
    : new PGlite({ startParams: EMBEDDED_START_PARAMS });
  await db.waitReady;
  const bridge = await startPgliteBridge(db);
  return {
    connectionString: `postgres://postgres@127.0.0.1:${bridge.port}/postgres?sslmode=disable`,
    async close() {
      await bridge.close();
      await db.close();
    },
  };
}
