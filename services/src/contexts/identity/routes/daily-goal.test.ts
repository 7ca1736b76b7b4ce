import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOAL_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../../test-support/platform/test-app';
import { identityModule } from '../module';
import { signUpVerified } from '../../../../test-support/contexts/identity/accounts';

const database = await preferredTestDatabase();
let n = 0;
const uniqueEmail = () => `goal${++n}.${Date.now()}@example.org`;

/** The daily goal (issue 39.6) is a profile setting: saved, shown, removed, and what analytics asks identity for. */
describe(`the learner's daily goal in the profile settings on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [identityModule]);
  });
  afterAll(async () => t?.close());

  const eventCount = async () => Number((await t.platform.db.raw('select count(*) as c from es_events')).rows[0].c);
  const patch = (agent: Awaited<ReturnType<typeof signUpVerified>>['agent'], payload: Record<string, unknown>) =>
    agent.request({ method: 'PATCH', url: '/api/user/settings', payload });

  it('is none until set, then kept beside the other settings, and removed with null', async () => {
    const { agent, uid } = await signUpVerified(t, uniqueEmail(), 'correct horse battery');
    expect(await t.deps.timeZones.dailyGoalOf!(uid)).toBeNull();

    const saved = await patch(agent, { dailyGoal: { kind: 'pages', amount: 5 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.settings.dailyGoal).toEqual({ kind: 'pages', amount: 5 });
    await patch(agent, { timeZone: 'Pacific/Auckland' });
    await t.caughtUp();
    expect(await t.deps.timeZones.dailyGoalOf!(uid)).toEqual({ kind: 'pages', amount: 5 });
    expect(await t.deps.timeZones.timeZoneOf(uid)).toBe('Pacific/Auckland');

    await patch(agent, { dailyGoal: { kind: 'minutes', amount: 15 } });
    await t.caughtUp();
    expect(await t.deps.timeZones.dailyGoalOf!(uid)).toEqual({ kind: 'minutes', amount: 15 });

    const removed = await patch(agent, { dailyGoal: null });
    expect(removed.statusCode).toBe(200);
    await t.caughtUp();
    expect(await t.deps.timeZones.dailyGoalOf!(uid)).toBeNull();
  });

  it('refuses an amount out of 1 to 1000 and an unknown kind with their messages, appending nothing', async () => {
    const { agent } = await signUpVerified(t, uniqueEmail(), 'correct horse battery');
    const before = await eventCount();
    for (const [dailyGoal, message] of [
      [{ kind: 'reviews', amount: 0 }, GOAL_MESSAGES.amount],
      [{ kind: 'reviews', amount: 1001 }, GOAL_MESSAGES.amount],
      [{ kind: 'laps', amount: 5 }, GOAL_MESSAGES.kind],
    ] as const) {
      const res = await patch(agent, { dailyGoal });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await eventCount()).toBe(before);
  });
});
