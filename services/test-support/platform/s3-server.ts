import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on 127.0.0.1 for adapter tests: s3rver (npm), with S3's conditional writes
 * in front of it. s3rver predates them (it ignores If-None-Match / If-Match on PutObject), so a thin
 * gate answers 412 PreconditionFailed as S3 does, checking the object's ETag with a HEAD, and takes
 * one request per key at a time; everything else passes through untouched. The adapter's own requests,
 * headers and error handling are what the tests exercise.
 */
export async function startS3TestServer(bucket = 'verba-test'): Promise<S3TestServer> {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(path.join(tmpdir(), 'verba-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port: upstream } = await s3rver.run();
  // s3rver's fixed credentials; adapters take them from the SDK's usual chain.
  process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const out = httpRequest({ host: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.writeHead(502).end());
    out.end(body);
  };
  const etagOf = (url: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      const head = httpRequest({ host: '127.0.0.1', port: upstream, method: 'HEAD', path: url.split('?')[0] }, (res) => {
        res.resume();
        resolve(res.statusCode === 200 ? String(res.headers.etag) : undefined);
      });
      head.on('error', reject);
      head.end();
    });
  // One request per key at a time: s3rver writes an object's file in place, so a GET racing a PUT could
  // read half of it, where S3 reads are atomic; and conditional writes need their HEAD-then-PUT alone.
  const queues = new Map<string, Promise<void>>();
  const inTurn = (key: string, work: () => Promise<void>) => {
    const turn = (queues.get(key) ?? Promise.resolve()).then(work);
    const settled = turn.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
  };
  const forwarded = (req: IncomingMessage, res: ServerResponse, body: Buffer) =>
    new Promise<void>((done) => {
      res.on('close', done); // sent, or the client went away: either way the next request may go
      forward(req, res, body);
    });
  const gate = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const key = (req.url ?? '').split('?')[0]!;
      const ifNoneMatch = req.headers['if-none-match'];
      const ifMatch = req.headers['if-match'];
      const conditionalPut = req.method === 'PUT' && Boolean(ifNoneMatch || ifMatch);
      inTurn(key, async () => {
        if (!conditionalPut) return forwarded(req, res, body);
        const etag = await etagOf(key);
        const refused = (ifNoneMatch === '*' && etag !== undefined) || (ifMatch !== undefined && ifMatch !== etag);
        if (!refused) {
          delete req.headers['if-none-match'];
          delete req.headers['if-match'];
          return forwarded(req, res, body);
        }
        res.writeHead(412, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
        );
      });
    });
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(gate.address() as AddressInfo).port}`,
    bucket,
    async close() {
      gate.closeAllConnections(); // the SDK keeps connections alive
      await new Promise((resolve) => gate.close(resolve));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
