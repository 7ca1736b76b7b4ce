import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preferredTestDatabase } from '../../../../test-support/platform/databases';
import { createTestApp, type TestApp } from '../../../../test-support/platform/test-app';
import { testAuthBesideBilling, testUserCookies } from '../../../../test-support/platform/test-auth';
import { tableObjects } from '../adapters/stand-in/objects';
import { StandInStripe } from '../adapters/stand-in/stripe-state';
import { billingModule } from '../module';

const database = await preferredTestDatabase();

/**
 * `npm run cli -w services -- billing:reconcile` against the stand-in: a subscription Stripe has but whose
 * webhooks never arrived (paid while they were lost) is reported, then repaired with --repair.
 */
describe(`billing:reconcile against the stand-in on ${database.label}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthBesideBilling, billingModule]);
  }, 60_000);
  afterAll(async () => t?.close());

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      return { code: await billingModule.cli!['billing:reconcile']!.run(t.deps, args), lines };
    } finally {
      log.mockRestore();
    }
  };

  it('reports a subscription the read model lacks, repairs it, and then finds no drift', async () => {
    const userId = randomUUID();
    const agent = t.agent().setCookies(testUserCookies(userId));
    const checkout = await agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'biannual', currency: 'gbp', commandId: randomUUID() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    // Paid at "Stripe" while its webhooks were lost: another view of the same stored objects, sending nothing.
    const stripe = new StandInStripe(tableObjects(t.platform.db), () => {});
    await stripe.load();
    expect(await stripe.pay(checkout.json().sessionId, '4242424242424242')).toMatchObject({ ok: true });
    const subscriptionId = stripe.all('subscription')[0]!.id;
    await t.caughtUp();
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('free');

    const report = await run();
    expect(report.code).toBe(1);
    expect(report.lines).toContain(`drift  missing-locally  ${subscriptionId}  not in the read model`);
    expect(report.lines.at(-1)).toBe('1 subscriptions at Stripe, 1 with drift');
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('free');

    const repaired = await run('--repair');
    expect(repaired.code).toBe(0);
    expect(repaired.lines.at(-1)).toBe('1 subscriptions at Stripe, 1 with drift, 1 repaired');
    await t.caughtUp();
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('master');

    // Stripe cancels it behind Verba's back: the status drift is found and repaired too.
    await stripe.setCancelAtPeriodEnd(subscriptionId, true);
    const cancelled = await run('--repair');
    expect(cancelled.lines[0]).toBe(`repaired  differs  ${subscriptionId}  cancelAtPeriodEnd: false -> true`);
    await t.caughtUp();
    expect(await run()).toEqual({ code: 0, lines: ['1 subscriptions at Stripe, 0 with drift'] });
  });
});
