import { describe, expect, it } from 'vitest';
import { byteRange } from './byte-range';

describe('byteRange', () => {
  it('reads what a media element asks for to seek', () => {
    expect(byteRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(byteRange('bytes=200-299', 1000)).toEqual({ start: 200, end: 299 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers the whole file when there is no range it can serve alone, and refuses one past the end', () => {
    expect(byteRange(undefined, 1000)).toBe('whole');
    expect(byteRange('bytes=0-1,5-9', 1000)).toBe('whole');
    expect(byteRange('items=0-5', 1000)).toBe('whole');
    expect(byteRange('bytes=500-100', 1000)).toBe('whole');
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
