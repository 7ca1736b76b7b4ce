import { describe, expect, it } from 'vitest';
import { createEmptyCard, default_w, forgetting_curve, fsrs, generatorParameters, Rating, type Grade } from 'ts-fsrs';
import { forecastReviews, newSchedule } from '@verba/contracts/fsrs';
import { fitFsrs, type FitReview } from './scheduler-jobs';

const DAY_MS = 86_400_000;

/** A seeded generator, so the simulated learner is the same at every run. */
function seeded(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/**
 * A learner whose memory follows FSRS with parameters of their own (they forget much faster than the default
 * learner), reviewed by Verba's default scheduler whenever a card is due: each answer is recalled with the
 * probability their own memory gives, as Good (sometimes Hard or Easy), else Again.
 */
function simulatedLearner(cards: number, reviewsEach: number, seed = 7): FitReview[] {
  const own = [...default_w];
  own[0] = 0.05;
  own[1] = 0.15;
  own[2] = 0.5;
  own[3] = 1.5;
  const memory = fsrs(generatorParameters({ w: own, enable_fuzz: false, enable_short_term: false }));
  const verba = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));
  const random = seeded(seed);
  const log: FitReview[] = [];
  for (let c = 0; c < cards; c++) {
    let at = Date.UTC(2026, 0, 1) + c * 60_000;
    let scheduled = createEmptyCard(new Date(at));
    let truth = createEmptyCard(new Date(at));
    let last = at;
    for (let r = 0; r < reviewsEach; r++) {
      const days = r === 0 ? 0 : Math.floor(at / DAY_MS) - Math.floor(last / DAY_MS);
      const recall = r === 0 ? 0.6 : forgetting_curve(own, days, truth.stability);
      const u = random();
      const rating: Grade = u >= recall ? Rating.Again : u < recall * 0.1 ? Rating.Easy : u < recall * 0.25 ? Rating.Hard : Rating.Good;
      log.push([c, at, rating]);
      scheduled = verba.next(scheduled, new Date(at), rating).card;
      truth = memory.next(truth, new Date(at), rating).card;
      last = at;
      at = Math.max(scheduled.due.getTime(), at + DAY_MS);
    }
  }
  return log;
}

describe('fitting FSRS to a learner (fsrs-rs)', () => {
  it("predicts a simulated learner's held-out reviews better than the default parameters", async () => {
    const out = await fitFsrs({ reviews: simulatedLearner(500, 10) });
    expect(out.parameters).toHaveLength(21);
    expect(out.heldOut).toBeGreaterThan(500);
    expect(out.trained).toBeGreaterThan(out.heldOut * 3);
    expect(out.logLoss).toBeLessThan(out.defaultLogLoss);
    // The learner forgets a new card fast: the fitted first-day stability of Good is far below the default's.
    expect(out.parameters[2]!).toBeLessThan(default_w[2]! / 2);
  }, 60_000);

  it('leaves out what fsrs-rs cannot take: cards reviewed on one day only (a panic aborts the process), items ending on a same-day step, bad ratings', async () => {
    const log = simulatedLearner(300, 8);
    const day = Date.UTC(2026, 5, 1);
    // Learning steps of new cards, all on one day; a rating no button gives.
    for (let c = 300; c < 340; c++) for (let r = 0; r < 4; r++) log.push([c, day + r * 60_000, 1 + (r % 3)]);
    log.push([340, day, 3], [340, day + 3 * DAY_MS, 7]);
    // A relearning step the same day as a lapse: evaluation refuses items ending on it (InvalidInput).
    for (let c = 341; c < 400; c++) log.push([c, day, 3], [c, day + 2 * DAY_MS, 1], [c, day + 2 * DAY_MS + 600_000, 3]);
    const out = await fitFsrs({ reviews: log });
    expect(out.logLoss).toBeGreaterThan(0);
    expect(out.parameters).toHaveLength(21);
  }, 60_000);

  it('refuses a log with no card to hold out', async () => {
    await expect(
      fitFsrs({
        reviews: [
          [0, 0, 3],
          [0, DAY_MS, 3],
        ],
      }),
    ).rejects.toThrow('too few');
  });
});

describe('the forecast of daily reviews', () => {
  const now = new Date('2026-03-01T08:00:00.000Z');
  const verba = fsrs(generatorParameters({ enable_fuzz: false }));
  /** Cards learned a day ago, each answered Good so far: in review, due over the next days. */
  const studied = Array.from({ length: 200 }, (_, i) => {
    let card = createEmptyCard(new Date(now.getTime() - 10 * DAY_MS));
    let at = card.due;
    for (let r = 0; r < 2 + (i % 3); r++) {
      card = verba.next(card, at, Rating.Good).card;
      at = new Date(Math.max(card.due.getTime(), at.getTime() + 60_000));
    }
    return {
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
      scheduledDays: card.scheduled_days,
      learningSteps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: 'review' as const,
      lastReview: card.last_review!.toISOString(),
    };
  });

  it('counts each day of the next 30, more at a higher retention (shorter intervals), none for cards not studied', () => {
    const at90 = forecastReviews(studied, now, { parameters: null, desiredRetention: 0.9 }, 30);
    const at97 = forecastReviews(studied, now, { parameters: null, desiredRetention: 0.97 }, 30);
    const sum = (days: number[]) => days.reduce((a, b) => a + b, 0);
    expect(at90).toHaveLength(30);
    expect(sum(at90)).toBeGreaterThanOrEqual(studied.length);
    expect(sum(at97)).toBeGreaterThan(sum(at90));
    expect(forecastReviews([newSchedule(now)], now, null, 30)).toEqual(new Array(30).fill(0));
    // The same cards, day and settings: the same forecast.
    expect(forecastReviews(studied, now, { parameters: null, desiredRetention: 0.9 }, 30)).toEqual(at90);
  });
});
