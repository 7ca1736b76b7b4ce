import type { PGlite } from '@electric-sql/pglite';
import { createServer, type Server, type Socket } from 'node:net';

/**
 * Serves one PGlite instance to many `pg` connections over local TCP.
 *
 * PGlite is a single backend, so connections take turns. They must take turns per protocol *exchange*
 * (everything up to a Sync or a simple Query), not per message: pglite-socket interleaves the Parse of
 * one connection with the Bind of another, which fails under load with "unnamed prepared statement does
 * not exist". While a connection has a transaction open, only that connection is served, as a real
 * server's locks would make the others wait.
 */
export interface PgliteBridge {
  port: number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
// Messages that end an exchange: Sync, simple Query, password/SASL responses, Terminate.
const EXCHANGE_END = new Set(['S', 'Q', 'p', 'X']);

interface Connection {
  socket: Socket;
  buffer: Buffer;
  pending: Buffer[];
  started: boolean;
  closed: boolean;
}

interface Exchange {
  conn: Connection;
  data: Uint8Array;
}

export async function startPgliteBridge(db: PGlite, host = '127.0.0.1', port = 0): Promise<PgliteBridge> {
  const queue: Exchange[] = [];
  let owner: Connection | null = null;
  let pumping = false;

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        if (owner?.closed) {
          owner = null;
          await db.exec('rollback');
        }
        const index = owner ? queue.findIndex((x) => x.conn === owner) : 0;
        if (index < 0 || queue.length === 0) return;
        const [exchange] = queue.splice(index, 1);
        const { conn, data } = exchange!;
        if (conn.closed) continue;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(data, {
              onRawData: (chunk) => {
                // Copy: the chunk is a view into PGlite's memory, reused before the socket flushes.
                if (!conn.closed && chunk.length > 0) conn.socket.write(Buffer.from(chunk));
              },
            }),
          );
        } catch {
          conn.socket.destroy();
        }
        owner = db.isInTransaction() ? conn : null;
      }
    } finally {
      pumping = false;
    }
  }

  function onData(conn: Connection, chunk: Buffer): void {
    conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
    for (;;) {
      if (!conn.started) {
        if (conn.buffer.length < 8) return;
        const length = conn.buffer.readInt32BE(0);
        if (conn.buffer.length < length) return;
        const code = conn.buffer.readInt32BE(4);
        const message = conn.buffer.subarray(0, length);
        conn.buffer = conn.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          conn.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) continue;
        conn.started = true;
        queue.push({ conn, data: new Uint8Array(message) });
        void pump();
        continue;
      }
      if (conn.buffer.length < 5) return;
      const length = 1 + conn.buffer.readInt32BE(1);
      if (conn.buffer.length < length) return;
      const type = String.fromCharCode(conn.buffer[0]!);
      const message = conn.buffer.subarray(0, length);
      conn.buffer = conn.buffer.subarray(length);
      if (type === 'X') {
        conn.socket.end();
        return;
      }
      conn.pending.push(message);
      if (EXCHANGE_END.has(type)) {
        queue.push({ conn, data: new Uint8Array(Buffer.concat(conn.pending)) });
        conn.pending = [];
        void pump();
      }
    }
  }

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const conn: Connection = { socket, buffer: Buffer.alloc(0), pending: [], started: false, closed: false };
    socket.on('data', (chunk) => onData(conn, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      conn.closed = true;
      sockets.delete(socket);
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.conn === conn) queue.splice(i, 1);
      void pump(); // rolls back a transaction the connection left open
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
