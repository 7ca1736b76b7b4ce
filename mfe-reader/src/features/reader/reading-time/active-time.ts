import { PAGE_SECONDS_MAX, READING_IDLE_MS } from '@verba/contracts';

/** How often the clock looks whether the learner is still reading. */
export const TICK_MS = 1000;

/**
 * Active reading time on one page: it runs while the tab is visible and the learner interacted (a key, a
 * click, a touch, a scroll, the mouse) within READING_IDLE_MS, and stops at PAGE_SECONDS_MAX. A tab left open,
 * hidden or forgotten, does not read. Pure (time passed in) so it is tested without timers.
 */
export class ActiveTime {
  private activeMs = 0;
  private lastTick: number;
  private lastInteraction: number;

  constructor(now: number) {
    this.lastTick = now;
    this.lastInteraction = now; // opening the page is the first interaction
  }

  interacted(now: number): void {
    this.lastInteraction = now;
  }

  /** Counts the time since the last tick when the learner was reading through it. */
  tick(now: number, visible: boolean): void {
    const since = Math.max(0, now - this.lastTick);
    this.lastTick = now;
    if (!visible) return;
    // Reading until READING_IDLE_MS after the last interaction: count the part of this interval before that.
    const activeUntil = this.lastInteraction + READING_IDLE_MS;
    this.activeMs += Math.max(0, Math.min(now, activeUntil) - (now - since));
  }

  /** Whole seconds counted, at most PAGE_SECONDS_MAX. */
  seconds(): number {
    return Math.min(PAGE_SECONDS_MAX, Math.floor(this.activeMs / 1000));
  }
}
