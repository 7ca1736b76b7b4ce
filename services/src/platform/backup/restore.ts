import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { quoted } from '../projections/bulk-load';
import { BackupFormatError, openBackup, type BackupHeader } from './format';
import { columnsOf } from './tables';

export interface RestoreTarget {
  /** A migrated, empty database (the CLI runs the migrations first). */
  connectionString: string;
  dataDir: string;
  /** DATA_DIR's secret before the restore began (not one its migrations just made), if it had one. */
  existingSecret?: string;
}

export interface RestoreResult {
  header: BackupHeader;
  rows: Record<string, number>;
  files: number;
  ms: number;
}

/** Refused restores: the message says why and nothing has changed. */
export class RestoreRefused extends Error {}

const BATCH = 1000;

/**
 * The restored log's events all carry this transaction id, and their positions are renumbered 1..n in
 * the backup's order. Keeping the source's transaction ids would put them *after* everything the new
 * server appends (its ids start low), so projectors would never see the new events. 3 is PostgreSQL's
 * first normal transaction id: below any the new server hands out, and so below the log's horizon.
 */
const RESTORED_TRANSACTION = '3';

/**
 * Brings a backup back into an empty database (and DATA_DIR): all of it or nothing. Rows go in one
 * transaction committed only after the backup's end record has been read; files are written beside
 * DATA_DIR first and moved into place after the commit. Read models are not in a backup: the service
 * builds them from the restored log when it starts (the CLI does it at once).
 */
export async function restoreBackup(file: string, target: RestoreTarget, progress?: (what: string) => void): Promise<RestoreResult> {
  const started = Date.now();
  const { header, records } = await openBackup(file);
  const client = new pg.Client({ connectionString: target.connectionString });
  await client.connect();
  const staging = path.join(target.dataDir, `.restore-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const rows: Record<string, number> = {};
  const moves: string[] = [];
  try {
    await client.query('begin');
    const existing = await client.query<{ id: string; n: string }>(
      'select (select id::text from es_log) as id, (select count(*) from (select 1 from es_events limit 1) e)::text as n',
    );
    if (existing.rows[0]!.n !== '0')
      throw new RestoreRefused(
        `This database already holds a log (identity ${existing.rows[0]!.id}); the backup is of log ${header.logId}. ` +
          'Restore only into an empty database or data directory.',
      );
    await client.query('create temp table restore_events (like es_events) on commit drop');
    let table: string | undefined;
    let batch: string[] = [];
    let file: { relative: string; size: number; written: number } | undefined;
    const flush = async () => {
      if (!table || !batch.length) return;
      const into = table === 'es_events' ? 'restore_events' : quoted(table);
      const shape = table === 'es_events' ? 'es_events' : quoted(table);
      await client.query(`insert into ${into} select * from json_populate_recordset(null::${shape}, $1::json)`, [`[${batch.join(',')}]`]);
      rows[table] = (rows[table] ?? 0) + batch.length;
      batch = [];
    };
    const closeFile = () => {
      if (file && file.written !== file.size) throw new BackupFormatError(`${file.relative} is cut short in the backup`);
      file = undefined;
    };
    let result: IteratorResult<unknown, { rows: Record<string, number>; files: number }>;
    while (!(result = await records.next()).done) {
      const record = result.value as Record<string, unknown>;
      if ('row' in record) {
        if (!table) throw new BackupFormatError('a row comes before its table');
        batch.push(JSON.stringify(record.row));
        if (batch.length >= BATCH) await flush();
      } else if ('table' in record) {
        await flush();
        closeFile();
        table = String(record.table);
        await prepareTable(client, table, record.columns as string[]);
        progress?.(`table ${table}`);
      } else if ('file' in record) {
        await flush();
        closeFile();
        table = undefined;
        const relative = safeRelative(String(record.file));
        file = { relative, size: Number(record.size), written: 0 };
        mkdirSync(path.dirname(path.join(staging, relative)), { recursive: true });
        await appendFile(path.join(staging, relative), Buffer.alloc(0));
        moves.push(relative);
      } else if ('bytes' in record) {
        if (!file) throw new BackupFormatError('file bytes come before their file');
        const bytes = Buffer.from(String(record.bytes), 'base64');
        await appendFile(path.join(staging, file.relative), bytes);
        file.written += bytes.length;
      }
    }
    await flush();
    closeFile();
    const trailer = result.value;
    for (const [name, count] of Object.entries(trailer.rows))
      if ((rows[name] ?? 0) !== count) throw new BackupFormatError(`${name}: the backup lists ${count} rows but holds ${rows[name] ?? 0}`);
    if (moves.length !== trailer.files) throw new BackupFormatError(`the backup lists ${trailer.files} files but holds ${moves.length}`);
    checkSecret(staging, target);
    await placeLog(client, header);
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    throw e;
  } finally {
    await client.end();
  }
  for (const relative of moves) {
    const to = path.join(target.dataDir, relative);
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(path.join(staging, relative), to);
    if (relative === 'secret-key') chmodSync(to, 0o600);
  }
  rmSync(staging, { recursive: true, force: true });
  return { header, rows, files: moves.length, ms: Date.now() - started };
}

/** Empties a table the migrations made and checks it can take the backup's columns. */
async function prepareTable(client: pg.Client, table: string, columns: string[]): Promise<void> {
  const have = new Set(await columnsOf(client, table));
  if (!have.size) throw new RestoreRefused(`the backup holds table ${table}, which this Verba does not have (a backup of a newer Verba?)`);
  const missing = columns.filter((c) => !have.has(c));
  if (missing.length) throw new RestoreRefused(`the backup's ${table} has columns this Verba does not have: ${missing.join(', ')}`);
  if (table !== 'es_events') await client.query(`truncate ${quoted(table)}`);
}

/** A path inside DATA_DIR, never outside it (a backup is input like any other). */
function safeRelative(name: string): string {
  const normal = path.posix.normalize(name);
  if (path.posix.isAbsolute(normal) || normal.startsWith('..') || normal.includes('\0'))
    throw new BackupFormatError(`the backup names a file outside the data directory: ${name}`);
  return normal;
}

/** A DATA_DIR that already has a different secret would make every restored look-up and session fail. */
function checkSecret(staging: string, target: RestoreTarget): void {
  const restored = path.join(staging, 'secret-key');
  if (existsSync(restored) && target.existingSecret !== undefined && readFileSync(restored, 'utf8').trim() !== target.existingSecret.trim())
    throw new RestoreRefused(
      `${path.join(target.dataDir, 'secret-key')} holds another installation's secret: restore into an empty data directory`,
    );
}

/**
 * Moves the staged events into the log in their order, renumbered (see RESTORED_TRANSACTION), maps the
 * relay's and reactors' checkpoints onto the new positions, recomputes stream revisions from the events,
 * and takes the backup's log identity.
 */
async function placeLog(client: pg.Client, header: BackupHeader): Promise<void> {
  const columns = (await columnsOf(client, 'es_events')).filter((c) => c !== 'transaction_id' && c !== 'global_position');
  const list = columns.map(quoted).join(', ');
  await client.query(
    `insert into es_events (transaction_id, global_position, ${list}) overriding system value
     select '${RESTORED_TRANSACTION}'::xid8, row_number() over (order by transaction_id, global_position), ${list} from restore_events`,
  );
  await client.query(
    `select setval(pg_get_serial_sequence('es_events', 'global_position'), greatest((select max(global_position) from es_events), 1))`,
  );
  await client.query(
    `update relay_checkpoints c set commit_position = ${RESTORED_TRANSACTION},
       prepare_position = (select count(*) from restore_events e
                           where (e.transaction_id, e.global_position) <= (c.commit_position::text::xid8, c.prepare_position))`,
  );
  await client.query(
    `update es_streams s set revision = coalesce(
       (select max(stream_revision) from es_events e where e.stream_id = s.stream_id), -1)`,
  );
  await client.query('update es_log set id = $1::uuid', [header.logId]);
}
