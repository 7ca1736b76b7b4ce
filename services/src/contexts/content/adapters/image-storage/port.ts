/** Where image bytes live, by their content address (`<sha-256>.<ext>`); the metadata is in PostgreSQL. */
export interface ImageStorage {
  readonly name: string;
  /** Stores the bytes under the key (writing the same key again is harmless: same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}
