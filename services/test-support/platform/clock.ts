/** A clock a test sets and moves: the app's notion of now (`createTestApp`'s `now`, a module's `now`). */
export interface TestClock {
  /** Milliseconds since the epoch. */
  now: number;
  set(iso: string): void;
  advance(ms: number): void;
  /** The current time, to pass as a `now: () => Date`. */
  date(): Date;
}

export function testClock(start: string): TestClock {
  return {
    now: Date.parse(start),
    set(iso) {
      this.now = Date.parse(iso);
    },
    advance(ms) {
      this.now += ms;
    },
    date() {
      return new Date(this.now);
    },
  };
}
