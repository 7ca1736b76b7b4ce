import { describe, expect, it } from 'vitest';
import { bandAround, dtwInBand, multiscaleDtw } from './dtw';
import type { Features } from './features';
import { random } from './synthetic-recording';

/** A sequence of random 4-dimensional frames: each one unlike the others, like speech sounds. */
function frames(count: number, seed: number): Features {
  const next = random(seed);
  return { frames: count, dims: 4, values: Float32Array.from({ length: count * 4 }, () => next() * 4 - 2) };
}

/** b: a's frames, each repeated as often as `times(i)` says (0 drops it): a known warping. */
function warped(a: Features, times: (i: number) => number): { b: Features; origin: number[] } {
  const origin: number[] = [];
  for (let i = 0; i < a.frames; i++) for (let k = 0; k < times(i); k++) origin.push(i);
  const values = new Float32Array(origin.length * a.dims);
  origin.forEach((i, j) => values.set(a.values.subarray(i * a.dims, (i + 1) * a.dims), j * a.dims));
  return { b: { frames: origin.length, dims: a.dims, values }, origin };
}

describe('DTW coarse to fine', () => {
  it('recovers a known warping: every b frame is paired with the a frame it was copied from (or its like)', () => {
    const a = frames(3000, 1);
    // A pause: 40 frames of one "silence" in a, held 10 times as long in b.
    for (let i = 1480; i < 1520; i++) a.values.copyWithin(i * 4, 1480 * 4, 1481 * 4);
    // Besides, stretches and squeezes all along.
    const { b, origin } = warped(a, (i) => (i >= 1480 && i < 1520 ? 10 : i % 7 === 0 ? 3 : i % 5 === 0 ? 0 : 1));
    const path = multiscaleDtw(a, b, { maxCells: 200_000, radius: 6 });
    const same = (i: number, j: number) => a.values.subarray(i * 4, i * 4 + 4).every((x, d) => x === a.values[j * 4 + d]);
    for (let k = 0; k < path.a.length; k++) {
      const truth = origin[path.b[k]!]!;
      // A dropped a frame is passed by pairing it with a neighbour's copy: one frame off at most.
      expect(same(path.a[k]!, truth) || Math.abs(path.a[k]! - truth) <= 1).toBe(true);
    }
  });

  it('walks from the first frames to the last, one step at a time', () => {
    const a = frames(500, 2);
    const b = frames(800, 3);
    const path = multiscaleDtw(a, b, { maxCells: 10_000 });
    expect([path.a[0], path.b[0]]).toEqual([0, 0]);
    expect([path.a.at(-1), path.b.at(-1)]).toEqual([499, 799]);
    for (let k = 1; k < path.a.length; k++) {
      const da = path.a[k]! - path.a[k - 1]!;
      const db = path.b[k]! - path.b[k - 1]!;
      expect([da, db]).toContainEqual(1);
      expect(da >= 0 && db >= 0 && da <= 1 && db <= 1).toBe(true);
    }
  });

  it('finds the same path as a full DTW when the band holds it', () => {
    const a = frames(300, 4);
    const { b } = warped(a, (i) => 1 + (i % 3));
    const full = dtwInBand(a, b, { lo: new Int32Array(300), hi: new Int32Array(300).fill(b.frames - 1) });
    const fast = multiscaleDtw(a, b, { maxCells: 5_000, radius: 4 });
    expect(Array.from(fast.a)).toEqual(Array.from(full.a));
    expect(Array.from(fast.b)).toEqual(Array.from(full.b));
  });

  it('keeps a finer band around the coarse path, monotone, from corner to corner', () => {
    const coarse = { a: Int32Array.from([0, 1, 1, 2]), b: Int32Array.from([0, 1, 2, 3]) };
    const band = bandAround(coarse, 2, 6, 8, 1);
    expect(Array.from(band.lo)).toEqual([0, 0, 0, 1, 1, 5]);
    expect(Array.from(band.hi)).toEqual([2, 6, 6, 7, 7, 7]);
  });

  it('refuses signals without frames', () => {
    expect(() => multiscaleDtw(frames(0, 5), frames(10, 6))).toThrow(RangeError);
  });
});
