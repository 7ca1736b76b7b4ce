import { describe, expect, it, vi } from 'vitest';
import { FIT_EVERY_REVIEWS, FIT_MIN_REVIEWS } from '@verba/contracts';
import { newSchedule } from '../domain/scheduler';
import { SchedulerCommands, type FitSource } from '../commands';
import type { EventStore } from '../../../platform/event-store/port';
import type { Logger } from '../../../platform/logger';
import type { RecordedEvent } from '../../../platform/event-store/port';
import type { UntrustedWork } from '../../../platform/untrusted/pool';
import { FlashcardReviewed } from '../events';
import { autoFitReactor } from './auto-fit';

const userId = 'b0000000-0000-4000-8000-000000000001';
const at = '2026-03-02T09:00:00.000Z';

/** The scheduler's commands over a review log of `count` reviews, last fitted on `last` of them `ago` ms before. */
function commands(count: number, last: number | null, ago = 2 * 3_600_000) {
  const lastFit = last === null ? null : { reviews: last, at: new Date(Date.parse(at) - ago) };
  const source: FitSource = {
    reviewCount: async () => count,
    lastFit: async () => lastFit,
    reviewsForFit: async () => ({ count: 0, reviews: '[]' }),
  };
  return new SchedulerCommands({} as EventStore, () => new Date(at), {} as UntrustedWork, source);
}

const review = (scheduled: boolean) =>
  ({
    type: FlashcardReviewed.type,
    version: 1,
    data: {
      userId,
      cardId: 'c0000000-0000-4000-8000-000000000001',
      reviewId: 'd0000000-0000-4000-8000-000000000001',
      language: 'de',
      rating: 'good',
      source: scheduled ? 'flashcards' : 'match-words',
      scheduled,
      before: newSchedule(new Date(at)),
      after: newSchedule(new Date(at)),
      at,
    },
  }) as unknown as RecordedEvent;

describe('the automatic fit', () => {
  it(`is due at ${FIT_MIN_REVIEWS} reviews, then every ${FIT_EVERY_REVIEWS} new ones, at most once an hour`, async () => {
    expect(await commands(FIT_MIN_REVIEWS - 1, null).fitDue(userId)).toBe(false);
    expect(await commands(FIT_MIN_REVIEWS, null).fitDue(userId)).toBe(true);
    expect(await commands(FIT_MIN_REVIEWS + FIT_EVERY_REVIEWS - 1, FIT_MIN_REVIEWS).fitDue(userId)).toBe(false);
    expect(await commands(FIT_MIN_REVIEWS + FIT_EVERY_REVIEWS, FIT_MIN_REVIEWS).fitDue(userId)).toBe(true);
    // A history that arrives at once (an import, a replay) fits once an hour, not every 500 reviews.
    expect(await commands(FIT_MIN_REVIEWS + 5 * FIT_EVERY_REVIEWS, FIT_MIN_REVIEWS, 60_000).fitDue(userId)).toBe(false);
  });

  it('fits after a scheduled review that makes it due, in the background, never after a game repetition', async () => {
    const due = commands(FIT_MIN_REVIEWS, null);
    const fit = vi.spyOn(due, 'fit').mockResolvedValue({ fit: { at, reviews: 400, logLoss: 0.3, defaultLogLoss: 0.4, adopted: true } });
    const log = { info: vi.fn(), warn: vi.fn() } as unknown as Logger;
    const reactor = autoFitReactor(due, log);
    await reactor.react(review(false));
    expect(fit).not.toHaveBeenCalled();
    await reactor.react(review(true));
    expect(fit).toHaveBeenCalledWith(userId, 'automatic');

    const notDue = commands(FIT_MIN_REVIEWS - 1, null);
    const never = vi.spyOn(notDue, 'fit');
    await autoFitReactor(notDue, log).react(review(true));
    expect(never).not.toHaveBeenCalled();
  });
});
