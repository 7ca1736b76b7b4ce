/** Median and range of repeated measurements. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export function spread(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return { median: mid, min: s[0]!, max: s[s.length - 1]!, runs: [...xs] };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
