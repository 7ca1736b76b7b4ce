import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../../test-support/platform/s3-server';
import { environmentRegistry, publishFragment, readPointer, rollbackFragment } from './registry';
import { directoryStore, s3Store, type FragmentStore } from './store';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'verba-fragments-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A fragment build: a manifest and a chunk whose text names the version. */
function build(label: string): string {
  const dist = path.join(root, `dist-${label}`);
  mkdirSync(path.join(dist, 'nested'), { recursive: true });
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'verba_reader', shared: [] }));
  writeFileSync(path.join(dist, 'remoteEntry.js'), `console.log(${JSON.stringify(label)})`);
  writeFileSync(path.join(dist, 'nested', 'chunk.js'), '1');
  return dist;
}

/** The same publish/rollback behaviour on each store (`open` gives a fresh, empty one per test). */
function publishingSuite(kind: string, open: () => Promise<{ store: FragmentStore; file: (key: string) => Promise<string> }>) {
  describe(`publishing a fragment to ${kind}`, () => {
    let store: FragmentStore;
    let file: (key: string) => Promise<string>;
    beforeEach(async () => {
      ({ store, file } = await open());
    });

    it('uploads under a content hash and moves the environment pointer; other environments keep theirs', async () => {
      const v1 = await publishFragment(store, { name: 'reader', env: 'staging', dist: build('v1') });
      expect(v1).toMatchObject({ version: expect.stringMatching(/^[0-9a-f]{16}$/), previous: undefined, uploaded: 3 });
      expect(await file(`reader/${v1.version}/nested/chunk.js`)).toBe('1');
      const registry = await environmentRegistry(store, 'staging', '/fragment-store/', {
        reader: '/fragments/reader/mf-manifest.json',
        learn: '/fragments/learn/mf-manifest.json',
      });
      expect(registry).toEqual({
        reader: `/fragment-store/reader/${v1.version}/mf-manifest.json`,
        learn: '/fragments/learn/mf-manifest.json',
      });
      expect(await environmentRegistry(store, 'production', 'https://cdn.example/f', {})).toEqual({});
    });

    it('publishing the same build again uploads nothing and keeps the pointer', async () => {
      const dist = build('v1');
      const first = await publishFragment(store, { name: 'reader', env: 'staging', dist });
      const again = await publishFragment(store, { name: 'reader', env: 'staging', dist });
      expect(again).toEqual({ version: first.version, previous: first.version, uploaded: 0 });
    });

    it("publishes a build's compressed copies as they hold their files, remade where the file changed after the build", async () => {
      const dist = build('v1');
      const manifest = path.join(dist, 'mf-manifest.json');
      const entry = path.join(dist, 'remoteEntry.js');
      writeFileSync(`${manifest}.br`, brotliCompressSync(readFileSync(manifest)));
      writeFileSync(`${entry}.gz`, gzipSync(readFileSync(entry)));
      const keptGz = readFileSync(`${entry}.gz`);
      writeFileSync(manifest, JSON.stringify({ name: 'verba_reader', shared: [], changed: true })); // after the build
      const { version } = await publishFragment(store, { name: 'reader', env: 'staging', dist });
      const br = (await store.read(`reader/${version}/mf-manifest.json.br`))!.body;
      expect(brotliDecompressSync(br).toString()).toBe(readFileSync(manifest, 'utf8'));
      expect((await store.read(`reader/${version}/remoteEntry.js.gz`))!.body.equals(keptGz)).toBe(true);
    });

    it('never overwrites a published file', async () => {
      expect(await store.putImmutable('reader/abc/remoteEntry.js', Buffer.from('first'), 'text/javascript')).toBe(true);
      expect(await store.putImmutable('reader/abc/remoteEntry.js', Buffer.from('second'), 'text/javascript')).toBe(false);
      expect((await store.read('reader/abc/remoteEntry.js'))!.body.toString()).toBe('first');
    });

    it('rolls back to the version before, then says there is nothing earlier', async () => {
      const v1 = await publishFragment(store, { name: 'reader', env: 'staging', dist: build('v1') });
      const v2 = await publishFragment(store, { name: 'reader', env: 'staging', dist: build('v2') });
      expect(v2.previous).toBe(v1.version);
      expect(await rollbackFragment(store, { name: 'reader', env: 'staging' })).toEqual({ version: v1.version, from: v2.version });
      expect((await readPointer(store, 'staging')).pointer.fragments.reader!.version).toBe(v1.version);
      await expect(rollbackFragment(store, { name: 'reader', env: 'staging' })).rejects.toThrow(
        'reader has no earlier version in staging to roll back to',
      );
      await expect(rollbackFragment(store, { name: 'learn', env: 'staging' })).rejects.toThrow('learn has no earlier version in staging');
    });

    it('keeps both when two fragments publish to one environment at once (compare-and-swap on the pointer)', async () => {
      const names = ['reader', 'learn', 'practice', 'admin'];
      const results = await Promise.all(names.map((name) => publishFragment(store, { name, env: 'staging', dist: build(name) })));
      const { pointer } = await readPointer(store, 'staging');
      expect(Object.fromEntries(Object.entries(pointer.fragments).map(([n, f]) => [n, f.version]))).toEqual(
        Object.fromEntries(names.map((n, i) => [n, results[i]!.version])),
      );
    });

    it('refuses a folder that is not a fragment build', async () => {
      const empty = path.join(root, 'empty');
      mkdirSync(empty);
      await expect(publishFragment(store, { name: 'reader', env: 'staging', dist: empty })).rejects.toThrow(
        /has no mf-manifest\.json: build the fragment first/,
      );
    });
  });
}

publishingSuite('a directory store', async () => {
  const dir = path.join(root, 'store');
  return { store: directoryStore(dir), file: async (key) => readFileSync(path.join(dir, key), 'utf8') };
});

// Each test makes dozens of HTTP requests; a loaded machine can take longer than the default 5 s.
describe('on S3', { timeout: 30_000 }, () => {
  let s3: S3TestServer;
  let n = 0;
  beforeAll(async () => {
    s3 = await startS3TestServer('fragments');
  });
  afterAll(async () => s3?.close());
  // One bucket, a fresh prefix-free namespace per test: each test publishes under its own environment names.
  publishingSuite('an S3 bucket (s3rver with conditional writes)', async () => {
    const bucketStore = await s3Store({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint });
    const prefix = `t${++n}/`;
    const store: FragmentStore = {
      putImmutable: (key, body, type) => bucketStore.putImmutable(prefix + key, body, type),
      read: (key) => bucketStore.read(prefix + key),
      swap: (key, body, tag) => bucketStore.swap(prefix + key, body, tag),
    };
    return { store, file: async (key) => (await store.read(key))!.body.toString() };
  });
});
