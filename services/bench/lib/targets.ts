/** A benchmark's goal for one figure: the comparison the issue states (`< 30` is strict, `<= 30` is not). */
export type TargetOp = '>=' | '>' | '<=' | '<';
export type Target = readonly [TargetOp, number];

/** Whether a measured figure meets its target; a missing or non-finite figure never does. */
export function meetsTarget(value: number | null, [op, target]: Target): boolean {
  if (value === null || !Number.isFinite(value)) return false;
  switch (op) {
    case '>=':
      return value >= target;
    case '>':
      return value > target;
    case '<=':
      return value <= target;
    case '<':
      return value < target;
  }
}
