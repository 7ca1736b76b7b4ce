import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';

/**
 * Test support: a real Kafka-protocol broker without Kafka. librdkafka's mock cluster, started through
 * kcat (Debian package `kcat`), speaks enough of the protocol for producers and consumer groups.
 */

export function kcatInstalled(): boolean {
  const r = spawnSync('kcat', ['-V'], { stdio: 'ignore' });
  return !r.error;
}

/**
 * Checked once per test file at collection time, like `probeRealPostgres`: a developer machine without
 * kcat skips the Kafka tests and says why; in CI (`CI` set) a missing kcat is a failure, never a skip.
 */
export function probeKcat(): { available: boolean; skipReason: string } {
  const available = kcatInstalled();
  if (!available && process.env.CI)
    throw new Error('CI requires kcat for the Kafka tests (apt-get install -y kcat) but it is not installed');
  return { available, skipReason: available ? '' : 'skipped: kcat not installed (apt-get install kcat; CI installs it)' };
}

export interface MockKafka {
  /** Bootstrap address to give clients (the fixing proxy below). */
  bootstrap: string;
  /** The mock cluster's own address as kcat printed it. */
  mockAddress: string;
  stop(): Promise<void>;
}

export async function startMockKafka(timeoutMs = 10_000): Promise<MockKafka> {
  const child = spawn('kcat', ['-X', 'test.mock.num.brokers=1', '-b', 'dummy', '-C', '-t', 'warmup', '-o', 'beginning', '-u'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const killChild = () => void child.kill('SIGKILL');
  process.once('exit', killChild); // never leave a broker behind, even if afterAll does not run
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const mockAddress = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`kcat printed no mock address in ${timeoutMs} ms: ${seen}`)), timeoutMs);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`kcat exited (${code}) before the mock cluster started: ${seen}`)));
      child.stderr.on('data', (chunk: Buffer) => {
        if (seen.length < 10_000) seen += chunk.toString();
        const m = /127\.0\.0\.1:(\d+)/.exec(seen);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
    });
    const proxy = await startMetadataFixingProxy(Number(mockAddress.split(':')[1]));
    return {
      bootstrap: `127.0.0.1:${proxy.port}`,
      mockAddress,
      async stop() {
        await proxy.close();
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
        killChild();
        process.off('exit', killChild);
      },
    };
  } catch (e) {
    killChild();
    process.off('exit', killChild);
    throw e;
  }
}

/**
 * librdkafka 2.0's mock cluster numbers its brokers from 1 but answers Metadata with ControllerId 0.
 * kafkajs's idempotent producer asks the controller for its producer id and fails ("Broker 0 not found").
 * This proxy rewrites, in Metadata responses (v1-v8), the controller id to a real broker id and the
 * broker's port to the proxy's, so every connection stays on the proxy. Everything else passes as is.
 */
async function startMetadataFixingProxy(upstreamPort: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let proxyPort = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const pending = new Map<number, { apiKey: number; apiVersion: number }>();
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', closeBoth).on('close', closeBoth);
    upstream.on('error', closeBoth).on('close', closeBoth);
    client.on(
      'data',
      frames((f) => {
        pending.set(f.readInt32BE(8), { apiKey: f.readInt16BE(4), apiVersion: f.readInt16BE(6) });
        upstream.write(f);
      }),
    );
    upstream.on(
      'data',
      frames((f) => {
        const request = pending.get(f.readInt32BE(4));
        pending.delete(f.readInt32BE(4));
        if (request?.apiKey === 3 && request.apiVersion >= 1 && request.apiVersion <= 8) {
          fixMetadata(f, request.apiVersion, upstreamPort, proxyPort);
        }
        client.write(f);
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxyPort = (server.address() as net.AddressInfo).port;
  return {
    port: proxyPort,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Splits a byte stream into whole Kafka frames (int32 size prefix, the frame includes it). */
function frames(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let buffered = Buffer.alloc(0);
  return (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 4 && buffered.length >= 4 + buffered.readInt32BE(0)) {
      const size = 4 + buffered.readInt32BE(0);
      onFrame(Buffer.from(buffered.subarray(0, size)));
      buffered = buffered.subarray(size);
    }
  };
}

function fixMetadata(f: Buffer, version: number, upstreamPort: number, proxyPort: number): void {
  let o = 8; // size, correlation id
  if (version >= 3) o += 4; // throttle time
  const count = f.readInt32BE(o);
  o += 4;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(f.readInt32BE(o));
    o += 4;
    o += 2 + f.readInt16BE(o); // host
    if (f.readInt32BE(o) === upstreamPort) f.writeInt32BE(proxyPort, o);
    o += 4;
    o += 2 + Math.max(0, f.readInt16BE(o)); // rack (nullable)
  }
  if (version >= 2) o += 2 + Math.max(0, f.readInt16BE(o)); // cluster id (nullable)
  if (ids.length > 0 && !ids.includes(f.readInt32BE(o))) f.writeInt32BE(ids[0]!, o);
}
