/**
 * The log position of the latest write this browser tab made ("transaction.sequence", as commands answer).
 * Queries carry it as `minPosition`, so the API answers only once its projections include the write
 * (read-your-writes). One store for the shell and every fragment: the kit is a singleton, and a write in
 * one fragment must hold back a read in another. Kept in sessionStorage so a reload of the tab still
 * reads its own writes; not in localStorage, where a position from a since-reset server could make
 * every later read in any tab wait.
 */
const STORAGE_KEY = 'verba:latest-position';
const POSITION = /^(\d{1,20})\.(\d{1,20})$/;

const parse = (position: string): [bigint, bigint] | undefined => {
  const match = POSITION.exec(position);
  return match ? [BigInt(match[1] as string), BigInt(match[2] as string)] : undefined;
};

/** Orders two positions as the log does (commit, then prepare), numerically: "10.0" is after "9.5". */
export function comparePositions(a: string, b: string): number {
  const [ac, ap] = parse(a) ?? [0n, 0n];
  const [bc, bp] = parse(b) ?? [0n, 0n];
  if (ac !== bc) return ac < bc ? -1 : 1;
  return ap === bp ? 0 : ap < bp ? -1 : 1;
}

function stored(): string | undefined {
  try {
    const value = window.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
    return value && parse(value) ? value : undefined;
  } catch {
    return undefined; // storage disabled: the position lives in memory only
  }
}

let latest: string | undefined = stored();
const listeners = new Set<() => void>();
/** Writes sent and not answered yet: their positions are not known until they answer. */
const inFlight = new Set<Promise<unknown>>();
/** How long a read waits for writes in flight before it goes without them (a hung request must not hang reads). */
const SETTLE_MS = 10_000;

export const positions = {
  latest: (): string | undefined => latest,
  /**
   * Remembers where a write landed. Answers can arrive out of order (concurrent writes, retries), so an
   * older position never replaces a newer one: a read must wait for every write seen so far.
   */
  record(position: string | undefined): void {
    if (!position || !parse(position)) return;
    if (latest !== undefined && comparePositions(position, latest) <= 0) return;
    latest = position;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, position);
    } catch {
      // Storage may be disabled: reads after a reload may then show the state just before the write.
    }
    for (const listener of listeners) listener();
  },
  /** Counts a write as in flight until it settles (callCommand does this for every command). */
  track<T>(write: Promise<T>): Promise<T> {
    inFlight.add(write);
    const done = () => void inFlight.delete(write);
    write.then(done, done);
    return write;
  },
  /**
   * The latest position once the writes already in flight have answered (or `timeoutMs` passed): a page
   * opened right after a click reads that click's write too, though its answer had not come yet.
   */
  async settled(timeoutMs = SETTLE_MS): Promise<string | undefined> {
    if (inFlight.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.allSettled([...inFlight]), timeout]);
      clearTimeout(timer);
    }
    return latest;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** Tests only: forget the position (memory and storage). */
  reset(): void {
    latest = undefined;
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
  },
};
