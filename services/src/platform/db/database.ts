import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { startEmbeddedPostgres } from './embedded';
import { hasSessionPerConnection } from './server-kind';

export interface Database {
  connectionString: string;
  embedded: boolean;
  /** Whether hot statements may be prepared per connection (statement-names.ts): not on PGlite's one shared session. */
  namedStatements: boolean;
  close(): Promise<void>;
}

/**
 * While a process has the embedded database open it says so here (its pid and the local port of its
 * database): PGlite is one process's, so a backup taken meanwhile connects to that port instead of
 * opening the files a second time, and a restore refuses to start. Readable by the data directory's
 * owner only, like the data itself.
 */
const OPEN_FILE = 'embedded-open.json';

export interface EmbeddedOpen {
  pid: number;
  connectionString: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether the port in `connectionString` takes a connection within a second. */
const answers = (connectionString: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(connectionString).port), '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/**
 * The process that has the embedded database in `dataDir` open, if one is running: its pid is alive and its
 * port answers (a file left by a killed process whose pid was reused does not count).
 */
export async function embeddedOpenBy(dataDir: string): Promise<EmbeddedOpen | undefined> {
  let open: EmbeddedOpen;
  try {
    open = JSON.parse(readFileSync(path.join(dataDir, OPEN_FILE), 'utf8')) as EmbeddedOpen;
  } catch {
    return undefined;
  }
  return open.pid !== process.pid && alive(open.pid) && (await answers(open.connectionString)) ? open : undefined;
}

/** PostgreSQL at `url` when given, else the embedded PGlite kept in `dataDir` (survives restarts). */
export async function openDatabase(url: string | undefined, dataDir: string): Promise<Database> {
  if (url)
    return { connectionString: url, embedded: false, namedStatements: await hasSessionPerConnection(url), close: async () => undefined };
  mkdirSync(dataDir, { recursive: true });
  const running = await embeddedOpenBy(dataDir);
  if (running)
    throw new Error(`The embedded database in ${dataDir} is in use by another Verba process (pid ${running.pid}): stop it first`);
  const embedded = await startEmbeddedPostgres({ dataDir: `${dataDir}/pgdata` });
  const openFile = path.join(dataDir, OPEN_FILE);
  writeFileSync(openFile, JSON.stringify({ pid: process.pid, connectionString: embedded.connectionString } satisfies EmbeddedOpen), {
    mode: 0o600,
  });
  return {
    connectionString: embedded.connectionString,
    embedded: true,
    namedStatements: false,
    close: async () => {
      rmSync(openFile, { force: true });
      await embedded.close();
    },
  };
}
