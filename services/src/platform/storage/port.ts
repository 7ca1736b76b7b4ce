/**
 * Where media bytes live (the image manager's images, the audio manager's audio), by their content
 * address (`<sha-256>.<ext>`); the metadata is in PostgreSQL or in events.
 */
export interface MediaStorage {
  readonly name: string;
  /** Stores the bytes under the key (writing the same key again is harmless: same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** The kinds of media kept apart: a directory (or a key prefix in S3) each. */
export type MediaArea = 'images' | 'audio';
