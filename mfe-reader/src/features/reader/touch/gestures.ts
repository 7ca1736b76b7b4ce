/** A finger's (or pen's) path from where it touched to where it lifted. */
export interface Stroke {
  dx: number;
  dy: number;
  /** How long it took, in milliseconds. */
  ms: number;
}

/** A page-turning swipe travels this far sideways, and clearly more sideways than up or down. */
const TURN_DISTANCE = 60;
const TURN_SLOPE = 1.5;
/** Slower than this is someone reading with a finger on the text, not a swipe. */
const TURN_MAX_MS = 800;

/** The page a horizontal swipe turns to: 1 (next) for right-to-left, -1 (previous) for left-to-right, 0 for none. */
export function pageSwipe({ dx, dy, ms }: Stroke): 1 | -1 | 0 {
  if (ms > TURN_MAX_MS || Math.abs(dx) < TURN_DISTANCE || Math.abs(dx) < TURN_SLOPE * Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** A sheet's drag down: how far, and how fast the finger moved (px/ms) as it let go. */
export interface Drag {
  dy: number;
  velocity: number;
}

/** A drag down closes the sheet past a third of its height (at most 120 px), or a flick down (still moving at 0.5 px/ms) past 40 px. */
export function closesSheet({ dy, velocity }: Drag, sheetHeight: number): boolean {
  if (dy <= 0) return false;
  return dy >= Math.min(sheetHeight / 3, 120) || (dy >= 40 && velocity >= 0.5);
}

/** Points of a pointer's path no older than this set its speed as it lets go. */
export const VELOCITY_WINDOW_MS = 100;

/** The speed (px/ms, down positive) over the samples' last VELOCITY_WINDOW_MS, from `{ y, t }` samples in time order. */
export function releaseVelocity(samples: ReadonlyArray<{ y: number; t: number }>): number {
  const last = samples.at(-1);
  if (!last) return 0;
  const first = samples.find((s) => last.t - s.t <= VELOCITY_WINDOW_MS) ?? last;
  return last.t > first.t ? (last.y - first.y) / (last.t - first.t) : 0;
}
