import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { makeBackup, type BackupSource } from './backup';

/**
 * Automatic backups, as LUTE and Anki make them: one every `everyMs` into `dir`, the newest `keep`
 * kept. The next is due `everyMs` after the newest in the folder, so restarts neither skip nor repeat
 * one; an overdue one waits a minute after start (or one turn, if shorter), so starting stays fast. A failure is logged and kept
 * beside the backups (`last-failure.json`) for the operations page, and tried again a turn later.
 */
export interface BackupScheduleOptions {
  source: BackupSource;
  dir: string;
  keep: number;
  everyMs: number;
  log: Logger;
  /** Delay of an overdue backup after start. */
  graceMs?: number;
}

const NAME = /^verba-(\d{8}T\d{9}Z)\.backup\.gz$/;
const FAILURE_FILE = 'last-failure.json';

export interface BackupListing {
  file: string;
  at: string;
  bytes: number;
}

/** The folder's backups, newest first. */
export function listBackups(dir: string): BackupListing[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => NAME.test(n))
    .sort()
    .reverse()
    .map((name) => {
      const { mtime, size } = statSync(path.join(dir, name));
      return { file: path.join(dir, name), at: mtime.toISOString(), bytes: size };
    });
}

/** What the operations page shows: the newest backup and, if the last attempt failed, why. */
export interface BackupStatus {
  dir: string;
  last?: BackupListing;
  count: number;
  failure?: { at: string; message: string };
}

export function backupStatus(dir: string): BackupStatus {
  const backups = listBackups(dir);
  let failure: BackupStatus['failure'];
  try {
    failure = JSON.parse(readFileSync(path.join(dir, FAILURE_FILE), 'utf8')) as BackupStatus['failure'];
  } catch {
    failure = undefined;
  }
  return { dir, count: backups.length, ...(backups[0] ? { last: backups[0] } : {}), ...(failure ? { failure } : {}) };
}

const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '');

export function startBackupSchedule(options: BackupScheduleOptions): { runNow(): Promise<void>; stop(): Promise<void> } {
  const { dir, keep, everyMs, log } = options;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastAttempt = 0;

  async function runOnce(): Promise<void> {
    lastAttempt = Date.now();
    const file = path.join(dir, `verba-${stamp(new Date())}.backup.gz`);
    try {
      const result = await makeBackup(options.source, file);
      rmSync(path.join(dir, FAILURE_FILE), { force: true });
      for (const old of listBackups(dir).slice(keep)) rmSync(old.file, { force: true });
      log.info({ file, bytes: result.bytes, ms: result.ms, events: result.rows.es_events }, 'backup made');
    } catch (e) {
      const message = (e as Error).message;
      writeFileSync(path.join(dir, FAILURE_FILE), JSON.stringify({ at: new Date().toISOString(), message }));
      log.error({ err: e, dir }, 'backup failed');
    }
  }

  function schedule(): void {
    if (stopped) return;
    const newest = listBackups(dir)[0];
    // After a failure the next attempt waits a turn too, so a full disk is not retried every minute.
    const due = Math.max(newest ? Date.parse(newest.at) : 0, lastAttempt) + everyMs - Date.now();
    const delay = Math.min(Math.max(due, options.graceMs ?? Math.min(60_000, everyMs)), 2 ** 31 - 1);
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        schedule();
      });
    }, delay);
    timer.unref();
  }

  schedule();
  return {
    async runNow() {
      await running;
      running = runOnce();
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Where automatic backups go. */
export const backupDirOf = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) => config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups');

export const backupsAutomatic = (config: Pick<Config, 'BACKUP_EVERY' | 'BACKUP_DIR' | 'EVENTSTORE_URL' | 'DATABASE_URL'>) =>
  !!config.BACKUP_EVERY && !config.EVENTSTORE_URL && (!config.DATABASE_URL || !!config.BACKUP_DIR);

/** "24h" for a day's milliseconds: the largest unit BACKUP_EVERY could have said it in. */
export const formatEvery = (ms: number) =>
  ms % 86_400_000 === 0
    ? `${ms / 86_400_000}d`
    : ms % 3_600_000 === 0
      ? `${ms / 3_600_000}h`
      : ms % 60_000 === 0
        ? `${ms / 60_000}m`
        : `${ms / 1000}s`;

/**
 * The all-in-one role's automatic backups: on the embedded default (its data directory is all a
 * self-hosting learner has), or on PostgreSQL when BACKUP_DIR says where; never with EventStoreDB,
 * whose log has its own backup procedure.
 */
export function scheduleFor(
  config: Config,
  database: { connectionString: string; embedded: boolean },
  log: Logger,
): ReturnType<typeof startBackupSchedule> | undefined {
  if (!backupsAutomatic(config) || !config.BACKUP_EVERY) return undefined;
  return startBackupSchedule({
    source: { ...database, dataDir: config.DATA_DIR, mediaInDataDir: !config.S3_BUCKET },
    dir: backupDirOf(config),
    keep: config.BACKUP_KEEP,
    everyMs: config.BACKUP_EVERY,
    log,
  });
}
