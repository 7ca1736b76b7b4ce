import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryMediaStorage } from './directory';
import { s3MediaStorage } from './s3';
import type { MediaStorage } from './port';

/** One suite for every media storage adapter; S3 runs where an S3-compatible server is configured. */
function mediaStorageSuite(name: string, open: () => MediaStorage) {
  describe(`media storage: ${name}`, () => {
    const storage = open();
    const key = `${'ab'.repeat(32)}.png`;
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 255, 0]);

    it('stores, reads back byte-equal, overwrites harmlessly and deletes', async () => {
      expect(await storage.get(key)).toBeUndefined();
      await storage.put(key, bytes, 'image/png');
      await storage.put(key, bytes, 'image/png');
      expect(Buffer.compare((await storage.get(key))!, bytes)).toBe(0);
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      await storage.delete(key); // a missing key is not an error
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'verba-images-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mediaStorageSuite('directory', () => directoryMediaStorage(dir));

/**
 * S3: a server named by TEST_S3_BUCKET / TEST_S3_ENDPOINT (real S3, MinIO ...), else s3rver, an
 * S3-compatible server from npm started here on 127.0.0.1, so the adapter's requests are really made.
 */
describe('S3 adapter', async () => {
  let bucket = process.env.TEST_S3_BUCKET;
  let endpoint = process.env.TEST_S3_ENDPOINT;
  if (!bucket) {
    const { default: S3rver } = await import('s3rver');
    const directory = mkdtempSync(path.join(tmpdir(), 'verba-s3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'verba-test', configs: [] }],
    });
    const { port } = await server.run();
    afterAll(async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    });
    bucket = 'verba-test';
    endpoint = `http://127.0.0.1:${port}`;
    // s3rver's fixed credentials; the adapter takes them from the SDK's usual chain.
    process.env.AWS_ACCESS_KEY_ID ??= 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'S3RVER';
  }
  mediaStorageSuite('s3', () =>
    s3MediaStorage({ bucket: bucket!, region: process.env.TEST_S3_REGION ?? 'us-east-1', endpoint, area: 'images' }),
  );
});
