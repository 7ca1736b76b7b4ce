import path from 'node:path';
import type { Config } from '../config';
import { directoryMediaStorage } from './directory';
import type { MediaArea, MediaStorage } from './port';
import { s3MediaStorage } from './s3';

/** S3 (or an S3-compatible store) when S3_BUCKET is set, else a directory under DATA_DIR, one per area. */
export const mediaStorageFor = (
  config: Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'DATA_DIR'>,
  area: MediaArea,
): MediaStorage =>
  config.S3_BUCKET
    ? s3MediaStorage({ bucket: config.S3_BUCKET, region: config.S3_REGION, endpoint: config.S3_ENDPOINT, area })
    : directoryMediaStorage(path.join(config.DATA_DIR, area));
