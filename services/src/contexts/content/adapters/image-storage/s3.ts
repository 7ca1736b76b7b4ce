import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ImageStorage } from './port';

export interface S3Options {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2 ...): addressed by path, not by bucket subdomain. */
  endpoint?: string | undefined;
}

/** S3 or an S3-compatible object store; credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID ...). */
export function s3ImageStorage(o: S3Options): ImageStorage {
  const client = new S3Client({ region: o.region, ...(o.endpoint ? { endpoint: o.endpoint, forcePathStyle: true } : {}) });
  const Key = (key: string) => `images/${key}`;
  return {
    name: 's3',
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: o.bucket, Key: Key(key), Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (e) {
        if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return undefined;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: Key(key) }));
    },
  };
}
