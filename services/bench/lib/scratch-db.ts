import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server the benchmarks run on. Only scratch databases created here are ever written to. */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** The same server and options, another database. */
function urlFor(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(base: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Best-effort CHECKPOINT, so one contender's dirty pages are not flushed during the next one's run. */
export async function checkpoint(base: string = serverUrl()): Promise<void> {
  await withAdmin(base, (c) => c.query('checkpoint')).catch(() => undefined);
}

/**
 * Creates fresh databases `verba_bench_<random>_<label>`, hands their URLs to `fn`, and drops them
 * afterwards: on success, on failure, and on Ctrl-C / SIGTERM.
 */
export async function withScratchDatabases<T>(
  labels: readonly string[],
  fn: (urls: Record<string, string>) => Promise<T>,
  /** Runs first on Ctrl-C / SIGTERM, e.g. to stop child processes still using the databases. */
  onAbort: () => Promise<void> = async () => undefined,
): Promise<T> {
  const base = serverUrl();
  const prefix = `verba_bench_${randomBytes(5).toString('hex')}`;
  const names = labels.map((l) => `${prefix}_${l}`);
  const created: string[] = [];

  // One drop shared by the normal path and the signal handler, so neither exits while the other drops.
  let dropping: Promise<void> | undefined;
  const dropAll = (): Promise<void> =>
    (dropping ??=
      created.length === 0
        ? Promise.resolve()
        : withAdmin(base, async (c) => {
            for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
          }));
  const onSignal = (signal: NodeJS.Signals): void => {
    process.stderr.write(`\n${signal}: dropping scratch databases ${prefix}_*\n`);
    onAbort()
      .catch(() => undefined)
      .then(dropAll)
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    await withAdmin(base, async (c) => {
      for (const name of names) {
        await c.query(`create database ${name}`);
        created.push(name);
      }
    });
    process.stderr.write(`scratch databases ${names.join(', ')} on ${redact(base)}\n`);
    return await fn(Object.fromEntries(labels.map((l, i) => [l, urlFor(base, names[i]!)])));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await dropAll();
    process.stderr.write(`dropped scratch databases ${prefix}_*\n`);
  }
}
