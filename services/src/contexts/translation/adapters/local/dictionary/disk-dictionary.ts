import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { REPO_ROOT } from '../../../../../platform/config';

/** One key of a dictionary: its English glosses (best first) and, for an inflected form, its lemmas. */
export interface DictionaryEntry {
  glosses: string[];
  lemmas: string[];
}

/** `glosses<TAB>lemmas` as tools/dictionaries/build.mjs writes them (glosses split by "; ", lemmas by "|"). */
function parseEntry(text: string): DictionaryEntry {
  const [glosses = '', lemmas = ''] = text.split('\t');
  return { glosses: glosses ? glosses.split('; ') : [], lemmas: lemmas ? lemmas.split('|') : [] };
}

/** Lines per block of the in-memory index: a look-up reads one block (a few KiB) from the file. */
const BLOCK_LINES = 64;
const TAB = 0x09;
const NEWLINE = 0x0a;

/**
 * A dictionary built by tools/dictionaries/build.mjs (`<lang>.tsv.gz`: `key<TAB>glosses<TAB>lemmas` lines
 * sorted by the UTF-8 bytes of the key), unzipped once into a cache folder and searched on disk: memory holds only the first key of every 64th line (about 0.5 MiB for German's half a million
 * keys); a look-up binary-searches those, reads that one block with a positioned read (from the page
 * cache after the first time, which the OS can drop and the process's RSS does not count), and scans it.
 */
export class DiskDictionary {
  private readonly scratch: Buffer;

  private constructor(
    private readonly fd: number,
    private readonly firstKeys: Buffer[],
    /** Byte offset of each block, and the file's length last. */
    private readonly offsets: number[],
    readonly size: number,
  ) {
    let longest = 0;
    for (let i = 0; i + 1 < offsets.length; i++) longest = Math.max(longest, offsets[i + 1]! - offsets[i]!);
    this.scratch = Buffer.allocUnsafeSlow(longest);
  }

  /** `cacheDir`: where the unzipped copy goes (default: node_modules/.cache/verba/dictionaries, else the temp folder). */
  static async open(gzipped: string, cacheDir: string = cacheFolder()): Promise<DiskDictionary> {
    const file = await unzippedCopy(gzipped, cacheDir);
    const fd = fs.openSync(file, 'r');
    const firstKeys: Buffer[] = [];
    const offsets: number[] = [];
    let line = 0;
    // One read buffer for the whole pass (a buffer per chunk left the process tens of MiB larger).
    const chunk = Buffer.allocUnsafeSlow(1 << 20);
    let chunkAt = 0; // file offset of chunk[0]
    let carried = 0; // bytes of an unfinished line moved to the chunk's start
    for (;;) {
      const { bytesRead } = await promisify(fs.read)(fd, chunk, carried, chunk.length - carried, chunkAt + carried);
      const filled = carried + bytesRead;
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1 && end < filled; end = chunk.indexOf(NEWLINE, start)) {
        if (line % BLOCK_LINES === 0) {
          firstKeys.push(Buffer.from(chunk.subarray(start, chunk.indexOf(TAB, start))));
          offsets.push(chunkAt + start);
        }
        line++;
        start = end + 1;
      }
      if (bytesRead === 0) break;
      chunk.copy(chunk, 0, start, filled);
      chunkAt += start;
      carried = filled - start;
    }
    offsets.push(chunkAt + carried);
    return new DiskDictionary(fd, firstKeys, offsets, line);
  }

  get(key: string): DictionaryEntry | undefined {
    const wanted = Buffer.from(key);
    // The last block whose first key is not after the wanted one.
    let low = 0;
    let high = this.firstKeys.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (Buffer.compare(this.firstKeys[mid]!, wanted) <= 0) low = mid;
      else high = mid - 1;
    }
    const from = this.offsets[low]!;
    const length = this.offsets[low + 1]! - from;
    fs.readSync(this.fd, this.scratch, 0, length, from);
    for (let start = 0; start < length;) {
      const tab = this.scratch.indexOf(TAB, start);
      const end = this.scratch.indexOf(NEWLINE, tab);
      const order = this.scratch.compare(wanted, 0, wanted.length, start, tab);
      if (order === 0) return parseEntry(this.scratch.toString('utf8', tab + 1, end));
      if (order > 0) return undefined; // sorted: passed the place it would be
      start = end + 1;
    }
    return undefined;
  }
}

/** Where unzipped dictionaries are kept: beside the embedded-database template, else the system's temp folder. */
function cacheFolder(): string {
  const preferred = path.join(REPO_ROOT, 'node_modules', '.cache', 'verba', 'dictionaries');
  try {
    fs.mkdirSync(preferred, { recursive: true });
    fs.accessSync(preferred, fs.constants.W_OK);
    return preferred;
  } catch {
    const fallback = path.join(os.tmpdir(), 'verba-dictionaries');
    fs.mkdirSync(fallback, { recursive: true });
    return fallback;
  }
}

/**
 * The unzipped copy of a shipped file, named by the hash of its content (a rebuilt dictionary gets a new
 * copy; copies of older versions of the same language are removed). Written under a temporary name and
 * renamed, so processes starting together never read a half-written copy.
 */
async function unzippedCopy(gzipped: string, folder: string): Promise<string> {
  const compressed = fs.readFileSync(gzipped);
  const language = path.basename(gzipped).replace(/\.tsv\.gz$/, '');
  fs.mkdirSync(folder, { recursive: true });
  const target = path.join(folder, `${language}-${createHash('sha256').update(compressed).digest('hex').slice(0, 16)}.tsv`);
  if (fs.existsSync(target)) return target;
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await pipeline(fs.createReadStream(gzipped), createGunzip(), fs.createWriteStream(temporary));
  fs.renameSync(temporary, target);
  for (const old of fs.readdirSync(folder)) {
    if (old.startsWith(`${language}-`) && old.endsWith('.tsv') && path.join(folder, old) !== target)
      fs.rmSync(path.join(folder, old), { force: true });
  }
  return target;
}
