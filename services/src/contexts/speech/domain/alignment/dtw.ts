import { coarsen, type Features } from './features';

/**
 * Dynamic time warping in a window, run coarse to fine (as FastDTW): a full DTW of two 10-minute
 * signals at 100 frames a second is 3.6 billion cells, far over any budget. Instead the first pass
 * compares frames averaged to about a third of a second over the whole matrix (a few million cells),
 * and each finer pass, at twice the resolution, searches only a band around the path the coarser one
 * found. The work grows with the length, not its square.
 */

/** The warping path: pairs (a frame, b frame), from (0, 0) to (last, last), each step +1 in a, b or both. */
export interface WarpPath {
  a: Int32Array;
  b: Int32Array;
}

export interface DtwOptions {
  /** Cells the coarsest, unconstrained pass may have; the averaging factor doubles until it fits. */
  maxCells?: number;
  /** How far (in frames of each pass) a finer pass may stray from the coarser pass's path. */
  radius?: number;
}

/** For each row (a frame), the columns (b frames) the DTW may use: lo[i] .. hi[i]. */
interface Band {
  lo: Int32Array;
  hi: Int32Array;
}

const DIAGONAL = 0;
const FROM_A = 1; // step from (i - 1, j)
const FROM_B = 2; // step from (i, j - 1)

function distance(a: Features, i: number, b: Features, j: number): number {
  const { dims } = a;
  let sum = 0;
  for (let d = 0; d < dims; d++) {
    const x = a.values[i * dims + d]! - b.values[j * dims + d]!;
    sum += x * x;
  }
  return Math.sqrt(sum);
}

/** DTW of a against b within the band (monotone and connected, so a path always exists). */
export function dtwInBand(a: Features, b: Features, band: Band): WarpPath {
  const n = a.frames;
  const offsets = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + (band.hi[i]! - band.lo[i]! + 1);
  const cost = new Float64Array(offsets[n]!);
  const step = new Uint8Array(offsets[n]!);
  const at = (i: number, j: number) => (j < band.lo[i]! || j > band.hi[i]! ? -1 : offsets[i]! + j - band.lo[i]!);
  for (let i = 0; i < n; i++) {
    for (let j = band.lo[i]!; j <= band.hi[i]!; j++) {
      const here = offsets[i]! + j - band.lo[i]!;
      const d = distance(a, i, b, j);
      if (i === 0 && j === 0) {
        cost[here] = d;
        continue;
      }
      let best = Infinity;
      let from = DIAGONAL;
      const diagonal = i > 0 ? at(i - 1, j - 1) : -1;
      const up = i > 0 ? at(i - 1, j) : -1;
      const left = j > band.lo[i]! ? here - 1 : -1;
      if (diagonal >= 0) best = cost[diagonal]!;
      if (up >= 0 && cost[up]! < best) [best, from] = [cost[up]!, FROM_A];
      if (left >= 0 && cost[left]! < best) [best, from] = [cost[left]!, FROM_B];
      cost[here] = best + d;
      step[here] = from;
    }
  }
  // Back from the end: the path is at most n + m steps.
  const pathA: number[] = [];
  const pathB: number[] = [];
  let i = n - 1;
  let j = b.frames - 1;
  for (;;) {
    pathA.push(i);
    pathB.push(j);
    if (i === 0 && j === 0) break;
    const s = step[at(i, j)];
    if (s !== FROM_B) i--;
    if (s !== FROM_A) j--;
  }
  return { a: Int32Array.from(pathA.reverse()), b: Int32Array.from(pathB.reverse()) };
}

const fullBand = (rows: number, columns: number): Band => ({ lo: new Int32Array(rows), hi: new Int32Array(rows).fill(columns - 1) });

/**
 * The band of a pass `scale` times finer than the path's: each coarse cell's fine cells, widened by
 * `radius` frames each way, then made monotone so every cell of the band can be reached.
 */
export function bandAround(path: WarpPath, scale: number, rows: number, columns: number, radius: number): Band {
  const minCol = new Int32Array(rows).fill(columns);
  const maxCol = new Int32Array(rows).fill(-1);
  for (let k = 0; k < path.a.length; k++) {
    const firstRow = path.a[k]! * scale;
    const first = path.b[k]! * scale;
    const last = Math.min(columns - 1, first + scale - 1);
    for (let i = firstRow; i < Math.min(rows, firstRow + scale); i++) {
      if (first < minCol[i]!) minCol[i] = first;
      if (last > maxCol[i]!) maxCol[i] = last;
    }
  }
  const lo = new Int32Array(rows);
  const hi = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    // The path is monotone, so the least column within `radius` rows is the one `radius` rows back.
    lo[i] = Math.max(0, minCol[Math.max(0, i - radius)]! - radius);
    hi[i] = Math.min(columns - 1, maxCol[Math.min(rows - 1, i + radius)]! + radius);
  }
  lo[0] = 0;
  hi[rows - 1] = columns - 1;
  for (let i = 1; i < rows; i++) lo[i] = Math.max(lo[i]!, lo[i - 1]!);
  for (let i = rows - 2; i >= 0; i--) hi[i] = Math.min(hi[i]!, hi[i + 1]!);
  // Connected too: the coarse path moves one cell at a time, so each row's first cell touches the last row's.
  return { lo, hi };
}

/** The warping path of a against b at full resolution, coarse to fine. */
export function multiscaleDtw(a: Features, b: Features, options: DtwOptions = {}): WarpPath {
  if (a.frames === 0 || b.frames === 0) throw new RangeError('Both signals need at least one frame.');
  const maxCells = options.maxCells ?? 4_000_000;
  const radius = options.radius ?? 8;
  let factor = 1;
  while (Math.ceil(a.frames / factor) * Math.ceil(b.frames / factor) > maxCells) factor *= 2;
  let coarseA = coarsen(a, factor);
  let coarseB = coarsen(b, factor);
  let path = dtwInBand(coarseA, coarseB, fullBand(coarseA.frames, coarseB.frames));
  while (factor > 1) {
    factor /= 2;
    coarseA = coarsen(a, factor);
    coarseB = coarsen(b, factor);
    path = dtwInBand(coarseA, coarseB, bandAround(path, 2, coarseA.frames, coarseB.frames, radius));
  }
  return path;
}
