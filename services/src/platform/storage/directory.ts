import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './port';

/** The default: files in a directory (DATA_DIR/images, DATA_DIR/audio); written to a temporary name, then renamed. */
export function directoryMediaStorage(dir: string): MediaStorage {
  const file = (key: string) => path.join(dir, path.basename(key));
  return {
    name: 'directory',
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      const temporary = `${file(key)}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file(key));
    },
    async get(key) {
      return readFile(file(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return undefined;
        throw e;
      });
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
