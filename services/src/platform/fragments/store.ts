/**
 * Where published fragments live: immutable files under content-hashed keys, plus one registry pointer
 * per environment that is replaced atomically (compare-and-swap on its tag). A directory by default,
 * an S3(-compatible) bucket when configured.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, link, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

export interface StoredObject {
  body: Buffer;
  /** Changes whenever the object does (what `swap` compares). */
  tag: string;
}

export interface FragmentStore {
  /** Writes the key once: an existing key is never overwritten. False when it already existed. */
  putImmutable(key: string, body: Buffer, contentType: string): Promise<boolean>;
  read(key: string): Promise<StoredObject | undefined>;
  /** Replaces the key in one step if it is still at `expectedTag` (undefined: must not exist yet). False on a lost race. */
  swap(key: string, body: Buffer, expectedTag: string | undefined): Promise<boolean>;
}

const tagOf = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const LOCK_STALE_MS = 30_000;

export function directoryStore(root: string): FragmentStore {
  const file = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`key outside the store: ${key}`);
    return full;
  };
  const temp = (full: string) => `${full}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  return {
    async putImmutable(key, body) {
      const full = file(key);
      await mkdir(path.dirname(full), { recursive: true });
      const tmp = temp(full);
      await writeFile(tmp, body);
      try {
        // link() fails when the target exists: a published file is never replaced, not even by a race.
        await link(tmp, full);
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw e;
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async read(key) {
      try {
        const body = await readFile(file(key));
        return { body, tag: tagOf(body) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async swap(key, body, expectedTag) {
      const full = file(key);
      await mkdir(path.dirname(full), { recursive: true });
      const lock = `${full}.lock`;
      if (!(await takeLock(lock))) return false;
      try {
        const current = await this.read(key);
        if (current?.tag !== expectedTag) return false;
        const tmp = temp(full);
        await writeFile(tmp, body);
        // rename() replaces the pointer in one step: a reader sees the old file or the new one.
        await rename(tmp, full);
        return true;
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    },
  };
}

/** mkdir is atomic: whoever creates the lock directory holds it; a lock left by a crashed publisher expires. */
async function takeLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
    return false;
  }
}

export async function s3Store(o: { bucket: string; region: string; endpoint?: string | undefined }): Promise<FragmentStore> {
  const { S3Client, GetObjectCommand, PutObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: o.region, ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}) });
  const preconditionFailed = (e: unknown) => {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    return (
      err.name === 'PreconditionFailed' ||
      err.$metadata?.httpStatusCode === 412 ||
      err.name === 'ConditionalRequestConflict' ||
      err.$metadata?.httpStatusCode === 409
    );
  };
  return {
    async putImmutable(key, body, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: o.bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            CacheControl: 'public, max-age=31536000, immutable',
            IfNoneMatch: '*',
          }),
        );
        return true;
      } catch (e) {
        if (preconditionFailed(e)) return false;
        throw e;
      }
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        return { body: Buffer.from(await out.Body!.transformToByteArray()), tag: out.ETag ?? '' };
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
        throw e;
      }
    },
    async swap(key, body, expectedTag) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: o.bucket,
            Key: key,
            Body: body,
            ContentType: 'application/json',
            CacheControl: 'no-cache',
            ...(expectedTag === undefined ? { IfNoneMatch: '*' } : { IfMatch: expectedTag }),
          }),
        );
        return true;
      } catch (e) {
        if (preconditionFailed(e)) return false;
        throw e;
      }
    },
  };
}

export function fragmentStoreFor(
  config: Pick<Config, 'FRAGMENT_STORE_DIR' | 'FRAGMENT_STORE_S3_BUCKET' | 'FRAGMENT_STORE_S3_ENDPOINT' | 'FRAGMENT_STORE_S3_REGION'>,
): Promise<FragmentStore> {
  return config.FRAGMENT_STORE_S3_BUCKET
    ? s3Store({
        bucket: config.FRAGMENT_STORE_S3_BUCKET,
        region: config.FRAGMENT_STORE_S3_REGION,
        endpoint: config.FRAGMENT_STORE_S3_ENDPOINT,
      })
    : Promise.resolve(directoryStore(config.FRAGMENT_STORE_DIR));
}
