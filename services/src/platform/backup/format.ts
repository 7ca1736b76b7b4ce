import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { Writable } from 'node:stream';

/**
 * A Verba backup: one gzip file of JSON lines, written and read as a stream (never whole in memory),
 * readable with `zcat FILE | head`. The first line is the header, the last the trailer; a file without
 * its trailer (a copy cut short, a crash while writing) is refused whole.
 *
 *   {"format":"verba-backup","version":1,...header}
 *   {"table":"es_events","columns":[...]}   then one {"row":{...}} a row, as PostgreSQL's row_to_json wrote it
 *   {"file":"images/ab/cd.webp","size":123} then {"bytes":"<base64>"} chunks
 *   {"end":true,"rows":{"es_events":216,...},"files":3}
 */
export const BACKUP_FORMAT = 'verba-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The log's identity (es_log): a restore keeps it, so the restored log is the same log. */
  logId: string;
  /** Where it was made: the embedded database or a PostgreSQL server. */
  source: 'embedded' | 'postgresql';
  /** The last event in the backup, as `transaction.sequence` of the source log; null for an empty log. */
  head: string | null;
}

export interface BackupTrailer {
  end: true;
  rows: Record<string, number>;
  files: number;
}

export type BackupRecord =
  { table: string; columns: string[] } | { row: Record<string, unknown> } | { file: string; size: number } | { bytes: string };

export class BackupFormatError extends Error {}

/** Writes records to `file` through gzip; `close` adds the trailer and waits until the file is on disk. */
export class BackupWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;

  constructor(file: string, header: BackupHeader) {
    const out: Writable = createWriteStream(file, { mode: 0o600 });
    this.gzip.pipe(out);
    this.done = new Promise((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
      this.gzip.once('error', reject);
    });
    this.gzip.write(`${JSON.stringify(header)}\n`);
  }

  /** One record; waits while gzip's buffer is full, so a big table streams at the disk's pace. */
  async write(record: BackupRecord | string): Promise<void> {
    const line = typeof record === 'string' ? record : JSON.stringify(record);
    if (!this.gzip.write(`${line}\n`)) await once(this.gzip, 'drain');
  }

  async close(trailer: BackupTrailer): Promise<void> {
    this.gzip.end(`${JSON.stringify(trailer)}\n`);
    await this.done;
  }

  /** Stops writing without a trailer: what was written is not a backup (readers refuse it). */
  abort(): Promise<void> {
    this.gzip.end();
    return this.done.catch(() => undefined);
  }
}

/** Reads a backup's header, then its records one by one; throws if the trailer is missing. */
export async function openBackup(file: string): Promise<{ header: BackupHeader; records: AsyncGenerator<BackupRecord, BackupTrailer> }> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const parse = (line: string): Record<string, unknown> => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new BackupFormatError(`${file} is not a Verba backup (a line is not JSON)`);
    }
  };
  let first: IteratorResult<string>;
  try {
    first = await lines.next();
  } catch {
    throw new BackupFormatError(`${file} is not a Verba backup (not a gzip file)`);
  }
  const header = first.done ? undefined : parse(first.value);
  if (header?.format !== BACKUP_FORMAT) throw new BackupFormatError(`${file} is not a Verba backup`);
  if (header.version !== BACKUP_VERSION)
    throw new BackupFormatError(`${file} is a backup of format ${String(header.version)}; this Verba reads format ${BACKUP_VERSION}`);
  async function* records(): AsyncGenerator<BackupRecord, BackupTrailer> {
    for (;;) {
      let next: IteratorResult<string>;
      try {
        next = await lines.next();
      } catch {
        throw new BackupFormatError(`${file} is cut short or damaged (gzip error)`);
      }
      if (next.done) throw new BackupFormatError(`${file} is cut short: it has no end record, so it is not restored`);
      const record = parse(next.value);
      if (record.end === true) return record as unknown as BackupTrailer;
      yield record as BackupRecord;
    }
  }
  return { header: header as unknown as BackupHeader, records: records() };
}
