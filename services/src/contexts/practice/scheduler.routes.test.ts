import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, FIT_EVERY_REVIEWS, FIT_MIN_REVIEWS, SCHEDULER_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { practiceTestApp, type PracticeTestApp } from '../../../test-support/contexts/practice/app';
import type { Agent } from '../../../test-support/platform/test-app';

const database = await preferredTestDatabase();
const RATINGS = ['again', 'hard', 'good', 'good', 'easy', 'good', 'good'] as const;

describe(`a learner's own scheduler on ${database.label}`, () => {
  let p: PracticeTestApp;
  beforeAll(async () => {
    p = await practiceTestApp(await database.create());
  });
  afterAll(async () => p?.t.close());

  const send = (agent: Agent, method: 'PUT' | 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
    agent.request({ method, url, payload });

  it('starts at the defaults and keeps the desired retention the learner sets (70-97%)', async () => {
    const { agent } = p.learner();
    const fresh = await p.get(agent, '/api/flashcards/scheduler');
    expect(fresh.json()).toEqual({ desiredRetention: 0.9, parameters: null, fit: null, reviews: 0, nextFitAt: FIT_MIN_REVIEWS });

    const low = await send(agent, 'PUT', '/api/flashcards/scheduler', { desiredRetention: 0.5 });
    expect(low.statusCode).toBe(400);
    expect(low.body).toContain(SCHEDULER_MESSAGES.retentionRange);

    const set = await send(agent, 'PUT', '/api/flashcards/scheduler', { desiredRetention: 0.8 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await p.get(agent, '/api/flashcards/scheduler', set.json().position)).json().desiredRetention).toBe(0.8);
  });

  it("schedules reviews at the learner's retention: a lower one gives a longer interval", async () => {
    const interval = async (retention?: number) => {
      const { agent } = p.learner();
      if (retention) await send(agent, 'PUT', '/api/flashcards/scheduler', { desiredRetention: retention });
      const { ids } = await p.create(agent, [{ sourceValue: 'der Baum', targetValue: 'the tree' }]);
      const review = (rating: string) => send(agent, 'PATCH', '/api/flashcards', { reviews: [{ id: ids[0], rating }] });
      await review('good');
      p.clock.advance(DAY_MS);
      await review('good');
      p.clock.advance(3 * DAY_MS);
      const res = await review('good');
      return res.json().cards[0].scheduledDays as number;
    };
    expect(await interval(0.75)).toBeGreaterThan(await interval());
  });

  it(`fits FSRS to the learner's reviews on the worker pool once there are ${FIT_MIN_REVIEWS}, and shows how it went`, async () => {
    const { agent } = p.learner();
    const early = await send(agent, 'POST', '/api/flashcards/scheduler/fit', {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(SCHEDULER_MESSAGES.tooFewReviews);

    const { ids } = await p.create(
      agent,
      Array.from({ length: 100 }, (_, i) => ({ sourceValue: `Wort ${i}`, targetValue: `word ${i}` })),
    );
    // Five sessions one to three days apart, every card each time: 500 scheduled reviews.
    let position = '';
    for (let session = 0; session < 5; session++) {
      const reviews = ids.map((id, i) => ({ id, rating: RATINGS[(i * 3 + session) % RATINGS.length] }));
      const res = await send(agent, 'PATCH', '/api/flashcards', { reviews });
      expect(res.statusCode, res.body).toBe(200);
      position = res.json().position;
      p.clock.advance(DAY_MS + (session % 3) * DAY_MS);
      if (session === 3) {
        // At 400 reviews the scheduler fits by itself, in the background.
        await expect.poll(async () => (await p.get(agent, '/api/flashcards/scheduler')).json().fit, { timeout: 30_000 }).not.toBeNull();
        expect((await p.get(agent, '/api/flashcards/scheduler')).json()).toMatchObject({ reviews: 400, fit: { reviews: 400 } });
      }
    }
    expect((await p.get(agent, '/api/flashcards/scheduler', position)).json()).toMatchObject({ reviews: 500, fit: { reviews: 400 } });

    const fitted = await send(agent, 'POST', '/api/flashcards/scheduler/fit', {});
    expect(fitted.statusCode, fitted.body).toBe(200);
    const { fit } = fitted.json();
    expect(fit).toMatchObject({ reviews: 500, adopted: fit.logLoss < fit.defaultLogLoss });
    expect(fit.logLoss).toBeGreaterThan(0);
    expect(fit.defaultLogLoss).toBeGreaterThan(0);

    const after = (await p.get(agent, '/api/flashcards/scheduler', fitted.json().position)).json();
    expect(after.fit).toEqual(fit);
    expect(after.nextFitAt).toBe(500 + FIT_EVERY_REVIEWS);
    // The fitted parameters are used only when they predicted the held-out cards better.
    if (fit.adopted) expect(after.parameters).toHaveLength(21);
    else expect(after.parameters).toBeNull();
  }, 60_000);

  it('forecasts reviews a day for the next 30 days, more at a higher retention', async () => {
    const { agent } = p.learner();
    const { ids } = await p.create(
      agent,
      Array.from({ length: 20 }, (_, i) => ({ sourceValue: `mot ${i}`, targetValue: `word ${i}` })),
      'fr',
    );
    const res = await send(agent, 'PATCH', '/api/flashcards', { reviews: ids.map((id) => ({ id, rating: 'good' })) });
    const forecast = async (q: string) =>
      (await p.get(agent, `/api/flashcards/scheduler/forecast?languageCode=fr${q}`, res.json().position)).json();
    const usual = await forecast('');
    const careful = await forecast('&desiredRetention=0.97');
    const sum = (days: number[]) => days.reduce((a, b) => a + b, 0);
    expect(usual.desiredRetention).toBe(0.9);
    expect(usual.days).toHaveLength(30);
    expect(sum(usual.days)).toBeGreaterThanOrEqual(20);
    expect(sum(careful.days)).toBeGreaterThan(sum(usual.days));
    expect((await p.get(agent, '/api/flashcards/scheduler/forecast?languageCode=fr&desiredRetention=1.5')).statusCode).toBe(400);
  });
});
