import { describe, expect, it } from 'vitest';
import { PAGE_SECONDS_MAX, READING_IDLE_MS } from '@verba/contracts';
import { ActiveTime } from './active-time';

const S = 1000;

describe('active reading time on a page', () => {
  it('counts the time the tab is visible, not the time it is hidden', () => {
    const clock = new ActiveTime(0);
    clock.tick(10 * S, true);
    clock.tick(40 * S, false); // hidden for 30 s
    clock.interacted(40 * S);
    clock.tick(45 * S, true);
    expect(clock.seconds()).toBe(15);
  });

  it('stops two minutes after the last interaction, and runs again with the next one', () => {
    const clock = new ActiveTime(0);
    for (let t = S; t <= 5 * 60 * S; t += S) clock.tick(t, true); // five minutes untouched
    expect(clock.seconds()).toBe(READING_IDLE_MS / S);
    clock.interacted(5 * 60 * S);
    clock.tick(5 * 60 * S + 30 * S, true);
    expect(clock.seconds()).toBe(READING_IDLE_MS / S + 30);
  });

  it('counts the part of a long interval before the idle limit only', () => {
    const clock = new ActiveTime(0);
    clock.tick(10 * 60 * S, true); // one tick ten minutes later (a sleeping laptop)
    expect(clock.seconds()).toBe(120);
  });

  it('counts at most ten minutes a page', () => {
    const clock = new ActiveTime(0);
    for (let t = S; t <= 20 * 60 * S; t += S) {
      clock.interacted(t);
      clock.tick(t, true);
    }
    expect(clock.seconds()).toBe(PAGE_SECONDS_MAX);
  });
});
