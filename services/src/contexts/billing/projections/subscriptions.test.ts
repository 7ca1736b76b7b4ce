import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import { UserDeleted } from '../../identity/published';
import {
  CustomerCreated,
  MasterGranted,
  MasterGrantRevoked,
  RefundIssued,
  SubscriptionCancelledAtPeriodEnd,
  SubscriptionStarted,
  type Snapshot,
} from '../events';
import { subscriptionsProjection } from './subscriptions';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const admin = 'c0000000-0000-4000-8000-000000000001';
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T10:00:00.000Z';
const periodEnd = '2026-04-01T10:00:00.000Z';

const snapshot = (userId: string, change: Partial<Snapshot> = {}): Snapshot => ({
  subscriptionId: `sub_${userId.slice(-1)}`,
  customerId: `cus_${userId.slice(-1)}`,
  userId,
  status: 'active',
  plan: 'monthly',
  priceId: 'price_1',
  currency: 'eur',
  unitAmount: 999,
  currentPeriodEnd: periodEnd,
  cancelAtPeriodEnd: false,
  endedAt: null,
  observedAt: 100,
  ...change,
});
const started = (userId: string, when = at) => ({
  type: SubscriptionStarted.type,
  data: { snapshot: snapshot(userId), source: 'webhook', at: when },
});
const row = (userId: string, change: Record<string, unknown> = {}) => ({
  subscription_id: `sub_${userId.slice(-1)}`,
  user_id: userId,
  customer_id: `cus_${userId.slice(-1)}`,
  status: 'active',
  plan: 'monthly',
  currency: 'eur',
  unit_amount: 999,
  current_period_end: new Date(periodEnd),
  cancel_at_period_end: false,
  ended_at: null,
  observed_at: '100',
  updated_at: new Date(at),
  ...change,
});
const customer = (userId: string, customerId: string, when = at) => ({
  type: CustomerCreated.type,
  data: { userId, customerId, at: when },
});
const refund = (amountRefunded: number, when: string) => ({
  type: RefundIssued.type,
  data: { userId: ana, customerId: 'cus_1', chargeId: 'ch_1', amountRefunded, currency: 'eur', at: when },
});

describe('billing-subscriptions', () => {
  afterAll(closeSpecDatabase);
  const spec = projectionSpec(subscriptionsProjection);

  it("keeps a user's first Stripe customer", async () => {
    await spec
      .given([customer(ana, 'cus_1')])
      .when(customer(ana, 'cus_2', later))
      .then({ billing_customers: [{ user_id: ana, customer_id: 'cus_1', created_at: new Date(at) }] });
  });

  it('keeps a subscription as last observed, whatever the change', async () => {
    const cancelled = snapshot(ana, { cancelAtPeriodEnd: true, observedAt: 200 });
    await spec
      .given([started(ana), started(ben)])
      .when({ type: SubscriptionCancelledAtPeriodEnd.type, data: { snapshot: cancelled, source: 'webhook', at: later } })
      .then({
        billing_subscriptions: [row(ana, { cancel_at_period_end: true, observed_at: '200', updated_at: new Date(later) }), row(ben)],
      });
  });

  it("keeps a charge's latest refunded total", async () => {
    await spec
      .given([refund(300, at)])
      .when(refund(500, later))
      .then({ billing_refunds: [{ charge_id: 'ch_1', user_id: ana, amount_refunded: 500, currency: 'eur', at: new Date(later) }] });
  });

  it("records an admin's manual grant until it is revoked, which leaves the other tables alone", async () => {
    await spec
      .given([
        { type: MasterGranted.type, data: { userId: ana, by: admin, at } },
        { type: MasterGranted.type, data: { userId: ben, by: admin, at } },
      ])
      .when({ type: MasterGrantRevoked.type, data: { userId: ben, by: admin, at: later } })
      .then({
        billing_manual_grants: [{ user_id: ana, granted_by: admin, granted_at: new Date(at) }],
        billing_customers: [],
        billing_subscriptions: [],
      });
  });

  it("drops a deleted account's customer, subscriptions, refunds and grant", async () => {
    await spec
      .given([customer(ana, 'cus_1'), customer(ben, 'cus_2'), started(ana), started(ben), refund(300, at)])
      .when({ type: UserDeleted.type, data: { userId: ana, at: later } })
      .then({
        billing_customers: [{ user_id: ben, customer_id: 'cus_2', created_at: new Date(at) }],
        billing_subscriptions: [row(ben)],
        billing_refunds: [],
      });
  });
});
