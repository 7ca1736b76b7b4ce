import { describe, expect, it } from 'vitest';
import { lzwSize, runLengthSize } from './pdf';

/** Codes written MSB first at `width` bits each, as LZWDecode reads them while its codes are 9 bits. */
const codes = (values: number[], width = 9) => {
  const bits = values.map((c) => c.toString(2).padStart(width, '0')).join('');
  return Uint8Array.from(
    bits
      .padEnd(Math.ceil(bits.length / 8) * 8, '0')
      .match(/.{8}/g)!
      .map((b) => parseInt(b, 2)),
  );
};

describe('counting what a PDF stream unpacks to, before pdf.js unpacks it', () => {
  it('counts LZW as pdf.js decodes it: a literal, then codes that each repeat the last sequence and one more byte', () => {
    // 0 -> 1 byte; 258 (not yet defined: the last sequence and its first byte) -> 2; 259 -> 3; then the end code.
    expect(lzwSize(codes([0, 258, 259, 257]), 1, 1_000)).toBe(6);
    // A clear-table code (256) starts over: 65 -> 1, 256, 66 -> 1, 67 -> 1.
    expect(lzwSize(codes([65, 256, 66, 67, 257]), 1, 1_000)).toBe(3);
  });

  it('stops counting LZW past the bound', () => {
    const long = codes([0, ...Array.from({ length: 200 }, (_, i) => 258 + i), 257]);
    expect(lzwSize(long, 1, 100)).toBeGreaterThan(100);
    expect(lzwSize(long, 1, 100)).toBeLessThan(300);
  });

  it('counts run-length data: literal runs, repeats and the end mark', () => {
    expect(runLengthSize(Uint8Array.from([2, 65, 66, 67, 0xfe, 68, 128, 5, 1, 2]), 1_000)).toBe(6);
    expect(runLengthSize(new Uint8Array(2000).fill(0x81), 100)).toBeLessThan(300);
  });
});
