import { inflateRawSync } from 'node:zlib';

/**
 * A zip archive read within budgets, whatever its headers claim: the central directory gives the entries
 * (at most `entriesMax`), and an entry is inflated only when asked for, its bytes counted as they are
 * produced (zlib's maxOutputLength) against what is left of `unzippedMax` for the whole archive. A zip
 * bomb, or an entry that declares 100 bytes and inflates to gigabytes, stops at the budget.
 */
export interface ZipLimits {
  entriesMax: number;
  unzippedMax: number;
}

export class ZipProblem extends Error {
  constructor(readonly reason: 'not-zip' | 'too-many-entries' | 'too-large') {
    super(reason);
  }
}

interface Entry {
  method: number;
  compressedSize: number;
  localOffset: number;
  encrypted: boolean;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const names = new TextDecoder('utf-8');

export class BudgetedZip {
  private readonly entries = new Map<string, Entry>();
  private unzipped = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits,
  ) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const u16 = (at: number) => view.getUint16(at, true);
    const u32 = (at: number) => view.getUint32(at, true);
    let end = -1;
    // The end record sits in the last 22 bytes plus a comment of up to 65,535.
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
      if (u32(at) === EOCD) {
        end = at;
        break;
      }
    }
    if (end < 0) throw new ZipProblem('not-zip');
    const count = u16(end + 10);
    const directoryAt = u32(end + 16);
    // Zip64 (counts or offsets of all ones) is for archives far beyond any upload limit here.
    if (count === 0xffff || directoryAt === 0xffffffff) throw new ZipProblem('not-zip');
    if (count > limits.entriesMax) throw new ZipProblem('too-many-entries');
    let at = directoryAt;
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw new ZipProblem('not-zip');
      const nameLength = u16(at + 28);
      const next = at + 46 + nameLength + u16(at + 30) + u16(at + 32);
      if (next > bytes.length) throw new ZipProblem('not-zip');
      const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      if (!this.entries.has(name)) {
        this.entries.set(name, {
          method: u16(at + 10),
          compressedSize: u32(at + 20),
          localOffset: u32(at + 42),
          encrypted: (u16(at + 8) & 1) === 1,
        });
      }
      at = next;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, or undefined when there is no such entry or it cannot be read (encrypted, damaged). */
  read(name: string): Uint8Array | undefined {
    const entry = this.entries.get(name);
    if (!entry || entry.encrypted) return undefined;
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || view.getUint32(at, true) !== LOCAL) return undefined;
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (start + entry.compressedSize > this.bytes.length) return undefined;
    const left = this.limits.unzippedMax - this.unzipped;
    let out: Uint8Array;
    if (entry.method === 0) {
      if (data.length > left) throw new ZipProblem('too-large');
      out = data;
    } else if (entry.method === 8) {
      try {
        out = inflateRawSync(data, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipProblem('too-large');
        return undefined;
      }
    } else return undefined;
    this.unzipped += out.length;
    return out;
  }
}
