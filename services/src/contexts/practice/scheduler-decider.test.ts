import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { schedulerDecider, type SchedulerCommand } from './decider';
import type { SchedulerEvent } from './events';

const userId = '4c0a3f0e-1d7b-4a53-9d3e-6f2a1b0c9d8e';
const at = '2026-03-19T09:00:00.000Z';
const spec = deciderSpec(schedulerDecider);
const figures = { parameters: [0.4, 1.2], logLoss: 0.5, defaultLogLoss: 0.6 };
const fit = (reviews: number, trigger: 'learner' | 'automatic'): SchedulerCommand => ({
  kind: 'record-fit',
  userId,
  at,
  reviews,
  trigger,
  ...figures,
});
const fitted = (reviews: number, trigger: 'learner' | 'automatic'): SchedulerEvent => ({
  type: 'practice.SchedulerFitted',
  data: { userId, reviews, trigger, at, adopted: true, ...figures },
});

describe("a learner's scheduler", () => {
  it('records a fit once: the same reviews fitted again record nothing', () => {
    spec
      .given([])
      .when(fit(400, 'automatic'))
      .then([fitted(400, 'automatic')]);
    spec
      .given([fitted(400, 'automatic')])
      .when(fit(400, 'learner'))
      .then([]);
  });

  it('keeps a newer fit when an automatic one that started earlier, on fewer reviews, finishes after it', () => {
    spec
      .given([fitted(500, 'learner')])
      .when(fit(400, 'automatic'))
      .then([]);
    spec
      .given([fitted(400, 'automatic')])
      .when(fit(500, 'automatic'))
      .then([fitted(500, 'automatic')]);
  });

  it("records the learner's own fit on fewer reviews (after they deleted cards)", () => {
    spec
      .given([fitted(500, 'automatic')])
      .when(fit(420, 'learner'))
      .then([fitted(420, 'learner')]);
  });
});
