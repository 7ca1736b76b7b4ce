import { describe, expect, it } from 'vitest';
import { closesSheet, pageSwipe, releaseVelocity } from './gestures';

describe('pageSwipe', () => {
  it('turns to the next page on a swipe to the left and back on a swipe to the right', () => {
    expect(pageSwipe({ dx: -200, dy: 10, ms: 250 })).toBe(1);
    expect(pageSwipe({ dx: 200, dy: -20, ms: 250 })).toBe(-1);
  });

  it('turns nothing on a tap, a short nudge, a mostly vertical scroll or a slow drag', () => {
    expect(pageSwipe({ dx: 0, dy: 0, ms: 80 })).toBe(0);
    expect(pageSwipe({ dx: -40, dy: 0, ms: 100 })).toBe(0);
    expect(pageSwipe({ dx: -120, dy: 150, ms: 250 })).toBe(0);
    expect(pageSwipe({ dx: -200, dy: 0, ms: 1500 })).toBe(0);
  });
});

describe('closesSheet', () => {
  it('closes on a drag down past a third of the sheet, or 120 px on a tall one', () => {
    expect(closesSheet({ dy: 110, velocity: 0 }, 300)).toBe(true);
    expect(closesSheet({ dy: 90, velocity: 0 }, 300)).toBe(false);
    expect(closesSheet({ dy: 125, velocity: 0 }, 500)).toBe(true);
  });

  it('closes on a flick down, and never on a drag up', () => {
    expect(closesSheet({ dy: 60, velocity: 1.2 }, 500)).toBe(true);
    expect(closesSheet({ dy: 60, velocity: 0.1 }, 500)).toBe(false);
    expect(closesSheet({ dy: 30, velocity: 2 }, 500)).toBe(false);
    expect(closesSheet({ dy: -300, velocity: -3 }, 500)).toBe(false);
  });
});

describe('releaseVelocity', () => {
  it('is the speed over the last 100 ms: a finger that stopped before letting go has none', () => {
    const moving = [
      { y: 0, t: 0 },
      { y: 100, t: 200 },
      { y: 160, t: 250 },
      { y: 220, t: 300 },
    ];
    expect(releaseVelocity(moving)).toBeCloseTo(1.2);
    expect(releaseVelocity([...moving, { y: 220, t: 420 }, { y: 220, t: 450 }])).toBe(0);
    expect(releaseVelocity([{ y: 5, t: 0 }])).toBe(0);
  });
});
