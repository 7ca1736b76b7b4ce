/** Latencies of one phase, in milliseconds, filled by concurrent writers. */
export class Latencies {
  private values: Float64Array;
  private n = 0;

  constructor(expected: number) {
    this.values = new Float64Array(Math.max(16, expected));
  }

  add(ms: number): void {
    if (this.n === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.n++] = ms;
  }

  /** Nearest-rank percentile, p in [0, 100]. */
  percentile(p: number): number {
    if (this.n === 0) return NaN;
    const sorted = this.values.slice(0, this.n).sort();
    const rank = Math.min(this.n - 1, Math.max(0, Math.ceil((p / 100) * this.n) - 1));
    return sorted[rank]!;
  }
}

/** Nearest-rank percentile of plain samples, p in [0, 100]. */
export function percentile(values: readonly number[], p: number): number {
  const l = new Latencies(values.length);
  for (const v of values) l.add(v);
  return l.percentile(p);
}

export function perSecond(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : NaN;
}

/** Rounds for the report: whole numbers for rates, 2 decimals for small figures (ms, ratios). */
export function roundFigure(x: number | null): number | null {
  if (x === null || !Number.isFinite(x)) return null;
  return Math.abs(x) >= 100 ? Math.round(x) : Math.round(x * 100) / 100;
}

/** Median and spread of one figure over repeated rounds. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: NaN, min: NaN, max: NaN };
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}
