import { createHash } from 'node:crypto';

// Fixed namespace for Verba's event ids (a random UUID chosen once).
const NAMESPACE = Buffer.from('6f1c2b8e4d0a4f3c9a7e51d2c8b3f409', 'hex');

/**
 * The id of the n-th event a command produces, derived from the client's command id (UUID v5), so a
 * retried request produces the same ids and the store appends it only once.
 */
export function eventIdFor(commandId: string, index: number | string): string {
  return uuidFromDigest(createHash('sha1').update(NAMESPACE).update(`${commandId}#${index}`).digest());
}

/** A name-based UUID (version 5 layout) from the first 16 bytes of a digest. */
export function uuidFromDigest(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
