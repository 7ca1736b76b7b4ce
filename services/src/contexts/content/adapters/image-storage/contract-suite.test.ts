import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryImageStorage } from './directory';
import { s3ImageStorage } from './s3';
import type { ImageStorage } from './port';

/** One suite for every image storage adapter; S3 runs where an S3-compatible server is configured. */
function imageStorageSuite(name: string, open: () => ImageStorage) {
  describe(`image storage: ${name}`, () => {
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
imageStorageSuite('directory', () => directoryImageStorage(dir));

const s3 = process.env.TEST_S3_BUCKET;
describe.skipIf(!s3)(`S3 adapter ${s3 ? '' : '(skipped: set TEST_S3_BUCKET and TEST_S3_ENDPOINT to an S3-compatible server)'}`, () => {
  imageStorageSuite('s3', () => s3ImageStorage({ bucket: s3!, region: process.env.TEST_S3_REGION ?? 'us-east-1', endpoint: process.env.TEST_S3_ENDPOINT }));
});
