import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_MESSAGES } from '@verba/contracts';
import { preferredTestDatabase } from '../../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../../test-support/platform/test-app';
import { testAuthBesideBilling, testUserCookies } from '../../../test-support/platform/test-auth';
import { appendedBy } from '../../../test-support/platform/whole-log';
import { deliver, payCheckout, signedEvent, subscriptionObject } from '../../../test-support/contexts/billing/stripe';
import { STAND_IN_AMOUNTS } from './adapters/stripe/catalog';
import { billingModule, billingOf } from './module';

const database = await preferredTestDatabase();
const secondsFromNow = (s: number) => Math.floor(Date.now() / 1000) + s;

describe(`premium routes on ${database.label}`, () => {
  let t: TestApp;
  let secret: string;
  const learner = (userId = randomUUID(), role = 'User') => ({ userId, agent: t.agent().setCookies(testUserCookies(userId, role)) });
  const data = async (agent: Agent, query = '') =>
    (await agent.request({ method: 'GET', url: `/api/premium/subscription-data${query}` })).json();
  const customerEvents = async (userId: string) => (await t.platform.store.readStream(`billing-customer-${userId}`)).length;
  const subscriptionEvents = async (id: string) => (await t.platform.store.readStream(`billing-subscription-${id}`)).map((e) => e.type);

  beforeAll(async () => {
    t = await createTestApp(await database.create(), [testAuthBesideBilling, billingModule], {
      env: { COUNTRY_HEADER: 'cf-ipcountry', STRIPE_STANDIN_TEST_CLOCK: 'true' },
    });
    secret = billingOf(t.deps)!.standIn!.webhookSecret;
  }, 60_000);
  afterAll(async () => t?.close());

  it('lists the three plans in each currency, in minor units', async () => {
    for (const currency of ['usd', 'eur', 'gbp', 'aud'] as const) {
      const res = await t.agent().request({ method: 'GET', url: `/api/premium/get-prices?currency=${currency}` });
      expect(res.statusCode, res.body).toBe(200);
      const amounts = STAND_IN_AMOUNTS[currency];
      expect(res.json()).toEqual({
        currency,
        source: 'query',
        prices: {
          monthly: { unit_amount: amounts.monthly, currency },
          annual: { unit_amount: amounts.annual, currency },
          biannual: { unit_amount: amounts.biannual, currency },
        },
      });
    }
    const bad = await t.agent().request({ method: 'GET', url: '/api/premium/get-prices?currency=jpy' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PREMIUM_MESSAGES.unknownCurrency);
  });

  it('chooses the currency by the country header, else the Accept-Language region, else usd', async () => {
    const ask = async (headers: Record<string, string>) => {
      const body = (await t.agent().request({ method: 'GET', url: '/api/premium/get-prices', headers })).json();
      return `${body.currency}/${body.source}`;
    };
    expect(await ask({ 'cf-ipcountry': 'DE', 'accept-language': 'en-AU' })).toBe('eur/country-header');
    expect(await ask({ 'cf-ipcountry': 'GI' })).toBe('gbp/country-header');
    expect(await ask({ 'cf-ipcountry': 'NZ' })).toBe('aud/country-header');
    expect(await ask({ 'cf-ipcountry': 'US' })).toBe('usd/country-header');
    expect(await ask({ 'accept-language': 'fr-BE,fr;q=0.9' })).toBe('eur/accept-language');
    expect(await ask({ 'accept-language': 'en-GB' })).toBe('gbp/accept-language');
    expect(await ask({ 'accept-language': 'de' })).toBe('usd/default');
    expect(await ask({})).toBe('usd/default');
  });

  it('subscribes through the local checkout, is Master, cancels in the portal, and is Free once the period ends', async () => {
    const { userId, agent } = learner();
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('free');
    const checkout = await agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'annual', currency: 'eur', commandId: randomUUID() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const back = await payCheckout(checkout.json().url);
    expect(back).toMatch(/\/app\/user-profile\/subscribe\?checkout=success&session_id=cs_test_/);
    await billingOf(t.deps)!.standIn!.idle();
    await t.caughtUp();
    const master = await data(agent);
    expect(master).toMatchObject({
      subscription: 'master',
      stripeSubscription: { status: 'active', plan: 'annual', price: { unit_amount: 8388, currency: 'eur' }, cancelAtPeriodEnd: false },
    });
    expect(master.invoices).toEqual([expect.objectContaining({ amountPaid: 8388, currency: 'eur', status: 'paid' })]);
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('master');
    // A second checkout while Master is refused.
    const again = await agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'monthly', currency: 'eur', commandId: randomUUID() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PREMIUM_MESSAGES.alreadyMaster);

    const portal = await agent.request({ method: 'GET', url: '/api/premium/customer-portal' });
    expect(portal.statusCode, portal.body).toBe(200);
    const page = await fetch(portal.json().url);
    expect(await page.text()).toContain('Cancel subscription');
    const cancel = await fetch(`${portal.json().url}/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ subscription: master.stripeSubscription.id }),
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    await billingOf(t.deps)!.standIn!.idle();
    await t.caughtUp();
    expect(await data(agent)).toMatchObject({ subscription: 'master', stripeSubscription: { cancelAtPeriodEnd: true } });

    const standIn = billingOf(t.deps)!.standIn!;
    const clock = await fetch(`${standIn.url}/v1/test_helpers/test_clocks/clock_standin/advance`, {
      method: 'POST',
      body: new URLSearchParams({ frozen_time: String(master.stripeSubscription.currentPeriodEnd / 1000 + 60) }),
    });
    expect(clock.status).toBe(200);
    await standIn.idle();
    await t.caughtUp();
    expect(await data(agent)).toMatchObject({ subscription: 'free', stripeSubscription: { status: 'canceled' } });
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('free');
    expect(await subscriptionEvents(master.stripeSubscription.id)).toEqual([
      'billing.SubscriptionStarted',
      'billing.SubscriptionCancelledAtPeriodEnd',
      'billing.SubscriptionEnded',
    ]);
  });

  it("sends Stripe's browser back to the configured origin whatever Host the request named; the webhook takes posts from anywhere", async () => {
    // No PUBLIC_URL here (development): http://HOST:PORT, where a Host header used to be taken.
    const appUrl = t.deps.appUrl;
    expect(appUrl).toBe('http://127.0.0.1:3000');
    const { agent } = learner();
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const checkout = await agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'monthly', currency: 'usd', commandId: randomUUID() },
      headers: forged,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const page = await (await fetch(checkout.json().url)).text();
    expect(page).toContain(`href="${appUrl}/app/user-profile/subscribe?checkout=cancelled"`);
    expect(page).not.toContain('evil.example');
    expect(await payCheckout(checkout.json().url)).toMatch(
      new RegExp(`^${appUrl}/app/user-profile/subscribe\\?checkout=success&session_id=cs_test_`),
    );
    await billingOf(t.deps)!.standIn!.idle();
    await t.caughtUp();
    const portal = await agent.request({ method: 'GET', url: '/api/premium/customer-portal', headers: forged });
    const portalPage = await (await fetch(portal.json().url)).text();
    expect(portalPage).toContain(`href="${appUrl}/app/user-profile/subscribe"`);
    expect(portalPage).not.toContain('evil.example');

    const event = signedEvent(
      secret,
      'customer.subscription.created',
      subscriptionObject({ id: `sub_${randomUUID()}`, customer: 'cus_cross', userId: randomUUID(), periodEnd: secondsFromNow(86400) }),
      secondsFromNow(0),
    );
    const crossSite = {
      'content-type': 'application/json',
      'stripe-signature': event.signature,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    };
    expect(
      (await t.agent().request({ method: 'POST', url: '/api/premium/webhook', payload: event.payload, headers: crossSite })).statusCode,
    ).toBe(200);
  });

  it('refuses a webhook with a bad signature and appends nothing', async () => {
    const userId = randomUUID();
    const event = signedEvent(
      secret,
      'customer.subscription.created',
      subscriptionObject({ id: `sub_${randomUUID()}`, customer: 'cus_x', userId, periodEnd: secondsFromNow(86400) }),
      secondsFromNow(0),
    );
    // Flip the first hex digit of the real signature (a fixed digit would equal it one time in 16).
    const tampered = event.signature.replace(/v1=(.)/, (_m, d: string) => `v1=${d === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(event.signature);
    for (const signature of [tampered, signedEvent('whsec_wrong', 'x', {}, 0).signature, '']) {
      const requestId = `bad-signature-${randomUUID()}`;
      const res = await t.agent().request({
        method: 'POST',
        url: '/api/premium/webhook',
        payload: event.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'x-request-id': requestId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PREMIUM_MESSAGES.invalidSignature);
      expect(await appendedBy(t.platform.db, requestId)).toBe(0);
    }
    await t.caughtUp();
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('free');
  });

  it('applies the same webhook delivered twice once', async () => {
    const userId = randomUUID();
    const id = `sub_${randomUUID()}`;
    const event = signedEvent(
      secret,
      'customer.subscription.created',
      subscriptionObject({ id, customer: 'cus_twice', userId, periodEnd: secondsFromNow(86400) }),
      secondsFromNow(0),
    );
    expect((await deliver(t.agent(), event)).statusCode).toBe(200);
    expect((await deliver(t.agent(), event)).statusCode).toBe(200);
    expect(await subscriptionEvents(id)).toEqual(['billing.SubscriptionStarted']);
    await t.caughtUp();
    expect(await t.deps.entitlements.subscriptionOf(userId)).toBe('master');
  });

  it('ends in the newest state whatever order the events arrive in', async () => {
    const userId = randomUUID();
    const id = `sub_${randomUUID()}`;
    const periodEnd = secondsFromNow(30 * 86400);
    const sub = (o: Partial<Parameters<typeof subscriptionObject>[0]>) =>
      subscriptionObject({ id, customer: 'cus_order', userId, periodEnd, ...o });
    const t0 = secondsFromNow(-100);
    const created = signedEvent(secret, 'customer.subscription.created', sub({ status: 'incomplete' }), t0);
    const paid = signedEvent(secret, 'customer.subscription.updated', sub({ status: 'active' }), t0); // the same second
    const cancelled = signedEvent(secret, 'customer.subscription.updated', sub({ cancelAtPeriodEnd: true }), t0 + 50);
    const ended = signedEvent(
      secret,
      'customer.subscription.deleted',
      sub({ status: 'canceled', cancelAtPeriodEnd: true, endedAt: t0 + 90 }),
      t0 + 90,
    );
    for (const e of [cancelled, paid, created]) expect((await deliver(t.agent(), e)).statusCode).toBe(200);
    await t.caughtUp();
    expect(await data(learner(userId).agent)).toMatchObject({
      subscription: 'master',
      stripeSubscription: { status: 'active', cancelAtPeriodEnd: true },
    });
    for (const e of [ended, paid, cancelled]) expect((await deliver(t.agent(), e)).statusCode).toBe(200);
    await t.caughtUp();
    expect(await data(learner(userId).agent)).toMatchObject({ subscription: 'free', stripeSubscription: { status: 'canceled' } });
    expect(await subscriptionEvents(id)).toEqual(['billing.SubscriptionStarted', 'billing.SubscriptionEnded']);
  });

  it('answers 500 when an event cannot be applied, so Stripe retries, and appends nothing', async () => {
    const requestId = `broken-${randomUUID()}`;
    const broken = signedEvent(
      secret,
      'customer.subscription.updated',
      {
        ...subscriptionObject({ id: 'sub_broken', customer: 'cus_b', userId: randomUUID(), periodEnd: secondsFromNow(60) }),
        customer: null,
      },
      secondsFromNow(0),
    );
    const res = await t.agent().request({
      method: 'POST',
      url: '/api/premium/webhook',
      payload: broken.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': broken.signature, 'x-request-id': requestId },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('An unknown error occurred');
    expect(await appendedBy(t.platform.db, requestId)).toBe(0);
  });

  it("refuses another learner's customer id, and lets an admin read any", async () => {
    const a = learner();
    const checkout = await a.agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'monthly', currency: 'usd', commandId: randomUUID() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await t.caughtUp();
    const own = await data(a.agent);
    expect(own).toMatchObject({ subscription: 'free', stripeSubscription: null, invoices: [] });
    expect(own.stripeCustomerId).toMatch(/^cus_/);
    expect(
      (await a.agent.request({ method: 'GET', url: `/api/premium/subscription-data?stripeCustomerId=${own.stripeCustomerId}` })).statusCode,
    ).toBe(200);

    const b = learner();
    for (const id of [own.stripeCustomerId, 'cus_does_not_exist']) {
      const res = await b.agent.request({ method: 'GET', url: `/api/premium/subscription-data?stripeCustomerId=${id}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PREMIUM_MESSAGES.notYourCustomer);
    }
    const admin = learner(randomUUID(), 'Admin');
    expect(await data(admin.agent, `?stripeCustomerId=${own.stripeCustomerId}`)).toMatchObject({
      stripeCustomerId: own.stripeCustomerId,
      subscription: 'free',
    });
    expect((await b.agent.request({ method: 'GET', url: '/api/premium/customer-portal' })).json().message).toBe(
      PREMIUM_MESSAGES.noCustomer,
    );
    expect(await customerEvents(b.userId)).toBe(0);
  });
});
