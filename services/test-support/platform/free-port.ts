import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port the kernel hands out by itself (outgoing connections, listen(0)); 32768 when unknown. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 11_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * A free port on 127.0.0.1 for a server a test starts in another process. Chosen below the kernel's
 * ephemeral range: a port from listen(0) lies in that range, and while the child starts (seconds for an
 * all-in-one that seeds its demo data) the kernel may give the same port to any outgoing connection, and
 * the child fails with EADDRINUSE (seen in CI). The kernel never hands out ports below the range itself.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port found between 10000 and ${low}`);
}
