import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageAnalytics } from '@verba/contracts';
import { preferredTestDatabase } from '../../test-support/platform/databases';
import { createTestApp, type Agent, type TestApp } from '../../test-support/platform/test-app';
import { signInSeededAdmin, signUpVerified } from '../../test-support/contexts/identity/accounts';
import { seedIfEmpty } from './seed';
import { analyticsModule } from './modules';
import { billingModule, billingOf } from '../contexts/billing/module';
import { payCheckout } from '../../test-support/contexts/billing/stripe';
import { identityModule } from '../contexts/identity/module';

const database = await preferredTestDatabase();
const modules = [identityModule, billingModule, analyticsModule];

describe(`premium users in the language analytics on ${database.label}`, () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(await database.create(), modules);
    admin = await signInSeededAdmin(t, await seedIfEmpty(t.deps, modules));
  }, 60_000);
  afterAll(async () => t?.close());

  const russian = async (): Promise<LanguageAnalytics> => {
    await t.caughtUp();
    const res = await admin.request({ method: 'GET', url: '/api/admin/analytics/languages?language=ru' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().languages[0];
  };

  // Premium in the analytics is paying for Master (billing's subscription-changed fact): an admin's manual grant is not a sale.
  it('does not count an admin grant of Master as a premium user', async () => {
    const { agent, uid } = await signUpVerified(t, `grant-${randomUUID()}@example.org`, 'Correct-horse-9', 'Gina Grant');
    expect(
      (await agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'ru', level: 'A1' } })).statusCode,
    ).toBe(200);
    const before = await russian();
    const grant = await admin.request({
      method: 'PATCH',
      url: `/api/admin/users/${uid}/subscription`,
      payload: { subscription: 'master' },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/user' })).json().subscription).toBe('master');
    const after = await russian();
    expect(after.totalUsers).toBe(before.totalUsers);
    expect(after.totalPremiumUsers).toBe(before.totalPremiumUsers);

    // A learner who pays is counted.
    const payer = await signUpVerified(t, `pays-${randomUUID()}@example.org`, 'Correct-horse-9', 'Paula Pays');
    await payer.agent.request({ method: 'POST', url: '/api/user/onboarding', payload: { languageCode: 'ru', level: 'A1' } });
    const checkout = await payer.agent.request({
      method: 'POST',
      url: '/api/premium/checkout',
      payload: { plan: 'monthly', currency: 'eur', commandId: randomUUID() },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payCheckout(checkout.json().url);
    await billingOf(t.deps)!.standIn!.idle();
    expect(await russian()).toMatchObject({ totalUsers: before.totalUsers + 1, totalPremiumUsers: before.totalPremiumUsers + 1 });
  }, 30_000);
});
