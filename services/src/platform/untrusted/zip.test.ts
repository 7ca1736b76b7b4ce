import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BudgetedZip, ZipProblem } from './zip';

const reason = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    if (error instanceof ZipProblem) return error.reason;
    throw error;
  }
  return undefined;
};

/** A zip whose one deflated entry inflates to `megabytes` of zeros but declares 100 bytes. */
function lyingZip(megabytes: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00])]);
  // Local header, data, central directory and end record, each declaring 100 bytes uncompressed.
  const name = Buffer.from('a.txt');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(100, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('a zip read within budgets', () => {
  it('reads entries by name, stored or deflated, and nothing it was not asked for', () => {
    const zip = new BudgetedZip(zipSync({ 'a.txt': [strToU8('eins'), { level: 0 }], 'b/c.txt': strToU8('zwei '.repeat(100)) }), {
      entriesMax: 10,
      unzippedMax: 10_000,
    });
    expect(zip.size).toBe(2);
    expect(new TextDecoder().decode(zip.read('a.txt'))).toBe('eins');
    expect(new TextDecoder().decode(zip.read('b/c.txt'))).toBe('zwei '.repeat(100));
    expect(zip.read('nicht/da.txt')).toBeUndefined();
  });

  it('stops an entry that lies about its size at the budget, whatever the headers say', () => {
    const zip = new BudgetedZip(lyingZip(80), { entriesMax: 10, unzippedMax: 64 * 1024 * 1024 });
    expect(reason(() => zip.read('a.txt'))).toBe('too-large');
    expect(new BudgetedZip(lyingZip(2), { entriesMax: 10, unzippedMax: 64 * 1024 * 1024 }).read('a.txt')).toHaveLength(2 * 1024 * 1024);
  });

  it('counts the budget over the whole archive, not each entry', () => {
    const zip = new BudgetedZip(zipSync({ 'a.txt': strToU8('a'.repeat(600)), 'b.txt': strToU8('b'.repeat(600)) }), {
      entriesMax: 10,
      unzippedMax: 1000,
    });
    expect(zip.read('a.txt')).toHaveLength(600);
    expect(reason(() => zip.read('b.txt'))).toBe('too-large');
  });

  it('refuses too many entries before reading any, and what is not a zip', () => {
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, strToU8('')]));
    expect(reason(() => new BudgetedZip(zipSync(files), { entriesMax: 20, unzippedMax: 1000 }))).toBe('too-many-entries');
    expect(reason(() => new BudgetedZip(strToU8('PK\u0003\u0004 not a zip'), { entriesMax: 20, unzippedMax: 1000 }))).toBe('not-zip');
    expect(reason(() => new BudgetedZip(new Uint8Array(0), { entriesMax: 20, unzippedMax: 1000 }))).toBe('not-zip');
  });

  it('answers undefined for an entry whose data lies outside the file', () => {
    const bytes = Buffer.from(zipSync({ 'a.txt': [strToU8('eins'), { level: 0 }] }));
    const end = bytes.length - 22;
    const central = bytes.readUInt32LE(end + 16);
    bytes.writeUInt32LE(1_000_000, central + 42); // the local header's offset, far past the end
    expect(new BudgetedZip(bytes, { entriesMax: 10, unzippedMax: 1000 }).read('a.txt')).toBeUndefined();
  });
});
