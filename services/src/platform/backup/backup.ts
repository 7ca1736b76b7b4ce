import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { quoted } from '../projections/bulk-load';
import { BackupWriter, BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader } from './format';
import { columnsOf, plainTables } from './tables';

export interface BackupSource {
  /** The running service's database (for the embedded default, the port of the process that has it open). */
  connectionString: string;
  embedded: boolean;
  /** DATA_DIR: its secret key and, unless media live in S3, its images and audio go into the backup too. */
  dataDir: string;
  mediaInDataDir: boolean;
}

export interface BackupResult {
  file: string;
  rows: Record<string, number>;
  files: number;
  bytes: number;
  head: string | null;
  ms: number;
}

const PAGE = 2000;
/** Files of DATA_DIR a backup carries: the generated secret (sessions, look-ups) and the media areas. */
const SECRET_FILE = 'secret-key';
export const MEDIA_AREAS = ['images', 'audio'] as const;

/**
 * A consistent backup while Verba runs, without stopping writers for its duration:
 * 1. the relay's and reactors' checkpoints, then the streams, are read first, so neither is past the log
 *    the backup holds (a restore recomputes stream revisions from the events);
 * 2. the log's head is the newest committed event once every older transaction has ended, so every write
 *    acknowledged before the backup began is in it; the log is then read in pages up to that head,
 *    each page a short statement of its own (on the embedded database a long transaction would make
 *    every request wait for the whole backup);
 * 3. the other tables (keys, sessions, images' records ...), each in one snapshot, then the files.
 * Written to `out.partial` and renamed at the end: `out` is either a whole backup or absent.
 */
export async function makeBackup(source: BackupSource, out: string, progress?: (what: string) => void): Promise<BackupResult> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: source.connectionString });
  await client.connect();
  const partial = `${out}.partial`;
  let writer: BackupWriter | undefined;
  try {
    const logId = (await client.query<{ id: string }>('select id::text from es_log').catch(() => ({ rows: [] }))).rows[0]?.id;
    if (!logId) throw new Error('this database has no Verba log (run Verba once, or `migrate`)');
    const checkpoints = await snapshotRows(client, 'relay_checkpoints');
    const streams = await snapshotRows(client, 'es_streams');
    const head = await settledHead(client);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      logId,
      source: source.embedded ? 'embedded' : 'postgresql',
      head: head ? `${head.tx}.${head.pos}` : null,
    };
    writer = new BackupWriter(partial, header);
    const rows: Record<string, number> = {};
    for (const [table, lines] of [
      ['relay_checkpoints', checkpoints],
      ['es_streams', streams],
    ] as const) {
      await writer.write({ table, columns: await columnsOf(client, table) });
      for (const line of lines) await writer.write(`{"row":${line}}`);
      rows[table] = lines.length;
    }
    rows.es_events = await writeLog(client, writer, head);
    progress?.(`log: ${rows.es_events} events`);
    for (const table of await plainTables(client)) {
      const lines = await snapshotRows(client, table);
      await writer.write({ table, columns: await columnsOf(client, table) });
      for (const line of lines) await writer.write(`{"row":${line}}`);
      rows[table] = lines.length;
    }
    const files = await writeFiles(writer, source);
    progress?.(`files: ${files}`);
    await writer.close({ end: true, rows, files });
    renameSync(partial, out);
    return { file: out, rows, files, bytes: statSync(out).size, head: header.head, ms: Date.now() - started };
  } catch (e) {
    await writer?.abort();
    rmSync(partial, { force: true });
    throw e;
  } finally {
    await client.end();
  }
}

/** A table's rows as PostgreSQL's own JSON (exact for every type: bytea as hex, times to the microsecond). */
async function snapshotRows(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ j: string }>(`select row_to_json(t)::text as j from ${quoted(table)} t`);
  return rows.map((r) => r.j);
}

/**
 * The newest event, once no older transaction can still commit one before it: waits (briefly: appends
 * are short) until the log's horizon has passed it, so the log up to it is final.
 */
async function settledHead(client: pg.Client): Promise<{ tx: string; pos: string } | undefined> {
  const { rows } = await client.query<{ tx: string; pos: string }>(
    'select transaction_id::text as tx, global_position::text as pos from es_events order by transaction_id desc, global_position desc limit 1',
  );
  const head = rows[0];
  if (!head) return undefined;
  for (let waited = 0; ; waited += 20) {
    const { rows: settled } = await client.query<{ ok: boolean }>('select $1::xid8 < es_horizon() as ok', [head.tx]);
    if (settled[0]!.ok) return head;
    if (waited > 60_000) throw new Error('a transaction on the log has been open for a minute: the backup cannot settle its head');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function writeLog(client: pg.Client, writer: BackupWriter, head: { tx: string; pos: string } | undefined): Promise<number> {
  await writer.write({ table: 'es_events', columns: await columnsOf(client, 'es_events') });
  if (!head) return 0;
  let after = { tx: '0', pos: '0' };
  let count = 0;
  for (;;) {
    const { rows } = await client.query<{ j: string; tx: string; pos: string }>(
      `select row_to_json(e)::text as j, transaction_id::text as tx, global_position::text as pos from es_events e
       where (transaction_id, global_position) > ($1::xid8, $2::bigint) and (transaction_id, global_position) <= ($3::xid8, $4::bigint)
       order by transaction_id, global_position limit ${PAGE}`,
      [after.tx, after.pos, head.tx, head.pos],
    );
    for (const row of rows) await writer.write(`{"row":${row.j}}`);
    count += rows.length;
    if (rows.length < PAGE) return count;
    after = { tx: rows.at(-1)!.tx, pos: rows.at(-1)!.pos };
  }
}

/** Files of DATA_DIR, relative paths; temporaries of a write in progress are left out. */
export function dataFiles(source: Pick<BackupSource, 'dataDir' | 'mediaInDataDir'>): string[] {
  const files: string[] = [];
  if (existsSync(path.join(source.dataDir, SECRET_FILE))) files.push(SECRET_FILE);
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(source.dataDir, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) files.push(child);
    }
  };
  if (source.mediaInDataDir) for (const area of MEDIA_AREAS) if (existsSync(path.join(source.dataDir, area))) walk(area);
  return files;
}

const CHUNK = 48 * 1024;

async function writeFiles(writer: BackupWriter, source: BackupSource): Promise<number> {
  let count = 0;
  for (const relative of dataFiles(source)) {
    let handle;
    try {
      handle = await open(path.join(source.dataDir, relative), 'r');
    } catch {
      continue; // removed since it was listed
    }
    try {
      const { size } = await handle.stat();
      await writer.write({ file: relative, size });
      const buffer = Buffer.alloc(CHUNK);
      for (let read = 0; read < size;) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, size - read), read);
        if (bytesRead === 0) throw new Error(`${relative} changed while it was backed up`);
        await writer.write({ bytes: buffer.subarray(0, bytesRead).toString('base64') });
        read += bytesRead;
      }
      count++;
    } finally {
      await handle.close();
    }
  }
  return count;
}
