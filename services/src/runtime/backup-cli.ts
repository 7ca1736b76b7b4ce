import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../platform/config';
import type { Logger } from '../platform/logger';
import type { Module } from '../platform/module';
import { openPlatform } from '../platform/app-platform';
import { embeddedOpenBy, openDatabase } from '../platform/db/database';
import { makeBackup } from '../platform/backup/backup';
import { BackupFormatError, openBackup } from '../platform/backup/format';
import { RestoreRefused, restoreBackup } from '../platform/backup/restore';
import { BACKGROUND_JOBS, UNTRUSTED_WORKER } from './untrusted-worker-url';

export const BACKUP_USAGE = `  backup --out FILE              a consistent backup of the log, keys, sessions and media while Verba runs
  restore FILE                   bring a backup back into an empty database or data directory, then build the read models`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `backup --out FILE`: from the running service's database (or the embedded one, opened for the purpose). */
export async function backupCommand(args: string[], config: Config): Promise<number> {
  const out = args[0] === '--out' ? args[1] : undefined;
  if (!out) {
    console.error('backup needs --out FILE');
    return 2;
  }
  if (config.EVENTSTORE_URL) {
    console.error(
      'The log is in EventStoreDB: back it up with its own procedure (deploy/README.md, "Backups"), and PostgreSQL with pg_basebackup.',
    );
    return 2;
  }
  const source = { embedded: !config.DATABASE_URL, dataDir: config.DATA_DIR, mediaInDataDir: !config.S3_BUCKET };
  let close = async () => undefined as void;
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    const running = await embeddedOpenBy(config.DATA_DIR);
    if (running) connectionString = running.connectionString;
    else if (!existsSync(path.join(config.DATA_DIR, 'pgdata', 'PG_VERSION'))) {
      console.error(`There is no Verba data in ${config.DATA_DIR} to back up.`);
      return 1;
    } else {
      const database = await openDatabase(undefined, config.DATA_DIR);
      connectionString = database.connectionString;
      close = database.close;
    }
  }
  try {
    const result = await makeBackup({ ...source, connectionString }, path.resolve(out), (line) => process.stderr.write(`${line}\n`));
    console.log(
      `backed up ${result.rows.es_events ?? 0} events, ${Object.keys(result.rows).length} tables and ${result.files} files to ${result.file} (${mb(result.bytes)}, ${result.ms} ms)`,
    );
    return 0;
  } finally {
    await close();
  }
}

/** `restore FILE`: into an empty database, then the read models are built from the restored log. */
export async function restoreCommand(args: string[], config: Config, log: Logger, modules: readonly Module[]): Promise<number> {
  const file = args[0];
  if (!file || !existsSync(file)) {
    console.error(file ? `${file} does not exist` : 'restore needs the backup FILE');
    return 2;
  }
  if (config.EVENTSTORE_URL) {
    console.error('The log is in EventStoreDB: restore it with its own procedure (deploy/README.md, "Backups").');
    return 2;
  }
  try {
    await openBackup(file); // a file that is not a backup is refused before anything is created
  } catch (e) {
    if (e instanceof BackupFormatError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  const secretFile = path.join(config.DATA_DIR, 'secret-key');
  const existingSecret = existsSync(secretFile) ? readFileSync(secretFile, 'utf8') : undefined;
  const options = { untrustedWorker: UNTRUSTED_WORKER, backgroundJobs: BACKGROUND_JOBS };
  const platform = await openPlatform(config, log, modules, options);
  try {
    const result = await restoreBackup(
      file,
      { connectionString: platform.database.connectionString, dataDir: config.DATA_DIR, existingSecret },
      (line) => process.stderr.write(`${line}\n`),
    );
    console.log(
      `restored log ${result.header.logId} (${result.rows.es_events ?? 0} events, backup of ${result.header.createdAt}) and ${result.files} files in ${result.ms} ms`,
    );
  } catch (e) {
    if (e instanceof RestoreRefused || e instanceof BackupFormatError) {
      console.error(`Nothing was restored: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    await platform.close();
  }
  // Opened again: the restored secret, not the one this command's first opening may have made.
  const restored = await openPlatform(config, log, modules, options);
  try {
    const started = Date.now();
    await restored.runner.start();
    console.log(`read models built from the restored log in ${Date.now() - started} ms`);
    return 0;
  } finally {
    await restored.close();
  }
}
