import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { IntegrationEvent } from '@verba/contracts/integration';

export const EXPORT_FORMATS = ['ndjson', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One integration event per line, exactly the JSON the relay publishes. */
export async function writeNdjson(events: AsyncIterable<IntegrationEvent>, path: string): Promise<number> {
  const out = createWriteStream(path);
  let n = 0;
  for await (const event of events) {
    if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain');
    n++;
  }
  out.end();
  await once(out, 'finish');
  return n;
}

/**
 * Parquet for DuckDB and other column stores: the NDJSON is converted by DuckDB itself, with `data` kept
 * as JSON text (its shape differs by type) and `occurredAt` as a timestamp.
 */
export async function writeParquet(events: AsyncIterable<IntegrationEvent>, path: string): Promise<number> {
  const ndjson = `${path}.ndjson.tmp`;
  try {
    const n = await writeNdjson(events, ndjson);
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const columns = "{id: 'VARCHAR', type: 'VARCHAR', version: 'INTEGER', occurredAt: 'TIMESTAMPTZ', key: 'VARCHAR', data: 'JSON'}";
      await connection.run(
        `copy (select * from read_json('${sqlText(ndjson)}', format = 'newline_delimited', columns = ${columns})) to '${sqlText(path)}' (format parquet)`,
      );
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    return n;
  } finally {
    await rm(ndjson, { force: true });
  }
}

const sqlText = (s: string) => s.replaceAll("'", "''");

export function writeExport(format: ExportFormat, events: AsyncIterable<IntegrationEvent>, path: string): Promise<number> {
  return format === 'parquet' ? writeParquet(events, path) : writeNdjson(events, path);
}
