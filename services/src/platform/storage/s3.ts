import type { MediaArea, MediaStorage } from './port';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2 ...): addressed by path, not by bucket subdomain. */
  endpoint?: string | undefined;
  /** The key prefix: each area of media under its own. */
  area: MediaArea;
}

/**
 * S3 or an S3-compatible object store; credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID ...).
 * The SDK is loaded on first use: a process that stores media elsewhere never pays its memory.
 */
export function s3MediaStorage(o: S3Options): MediaStorage {
  const sdk = import('@aws-sdk/client-s3').then((m) => ({
    ...m,
    client: new m.S3Client({ region: o.region, ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}) }),
  }));
  sdk.catch(() => undefined); // reported by the first call that needs it
  const Key = (key: string) => `${o.area}/${key}`;
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      const { client, PutObjectCommand } = await sdk;
      await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: Key(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      const { client, GetObjectCommand, NoSuchKey } = await sdk;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return undefined;
        throw e;
      }
    },
    async delete(key) {
      const { client, DeleteObjectCommand } = await sdk;
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
    },
  };
}
