import { describe, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '@verba/contracts';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { customerDecider, subscriptionDecider } from './decider';
import type { Snapshot, SubscriptionEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const snap = (o: Partial<Snapshot> = {}): Snapshot => ({
  subscriptionId: 'sub_1',
  customerId: 'cus_1',
  userId: '0b5c3a4e-8a5e-4c56-9d0a-2f3b9f4c1a11',
  status: 'active',
  plan: 'annual',
  priceId: 'price_1',
  currency: 'eur',
  unitAmount: 8388,
  currentPeriodEnd: '2027-11-22T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  endedAt: null,
  observedAt: 1000,
  ...o,
});
const event = (type: SubscriptionEvent['type'], snapshot: Snapshot): SubscriptionEvent =>
  ({ type, data: { snapshot, source: 'webhook', at } }) as SubscriptionEvent;
const observe = (snapshot: Snapshot) => ({ kind: 'observe' as const, snapshot, source: 'webhook' as const, at });

describe('subscription decider', () => {
  const spec = deciderSpec(subscriptionDecider);

  it('starts on the first view, and starts and ends at once on a first view that is already over', () => {
    spec
      .given([])
      .when(observe(snap()))
      .then([event('billing.SubscriptionStarted', snap())]);
    const over = snap({ status: 'canceled', endedAt: at });
    spec
      .given([])
      .when(observe(over))
      .then([event('billing.SubscriptionStarted', over), event('billing.SubscriptionEnded', over)]);
  });

  it('names the change: renewed, payment failed, cancelled at period end, ended, changed', () => {
    const known = [event('billing.SubscriptionStarted', snap())];
    const renewed = snap({ currentPeriodEnd: '2028-11-22T10:00:00.000Z', observedAt: 2000 });
    spec
      .given(known)
      .when(observe(renewed))
      .then([event('billing.SubscriptionRenewed', renewed)]);
    const pastDue = snap({ status: 'past_due', observedAt: 2000 });
    spec
      .given(known)
      .when(observe(pastDue))
      .then([event('billing.SubscriptionPaymentFailed', pastDue)]);
    const cancelled = snap({ cancelAtPeriodEnd: true, observedAt: 2000 });
    spec
      .given(known)
      .when(observe(cancelled))
      .then([event('billing.SubscriptionCancelledAtPeriodEnd', cancelled)]);
    const ended = snap({ status: 'canceled', endedAt: at, observedAt: 2000 });
    spec
      .given(known)
      .when(observe(ended))
      .then([event('billing.SubscriptionEnded', ended)]);
    const resumed = snap({ observedAt: 3000 });
    spec
      .given([event('billing.SubscriptionCancelledAtPeriodEnd', cancelled)])
      .when(observe(resumed))
      .then([event('billing.SubscriptionChanged', resumed)]);
  });

  it('ignores a repeat, an older view, and anything after the end', () => {
    const known = [event('billing.SubscriptionCancelledAtPeriodEnd', snap({ cancelAtPeriodEnd: true, observedAt: 2000 }))];
    spec
      .given(known)
      .when(observe(snap({ cancelAtPeriodEnd: true, observedAt: 2000 })))
      .then([]);
    spec
      .given(known)
      .when(observe(snap({ observedAt: 1999 })))
      .then([]);
    const ended = [event('billing.SubscriptionEnded', snap({ status: 'canceled', endedAt: at, observedAt: 500 }))];
    spec
      .given(ended)
      .when(observe(snap({ observedAt: 9000 })))
      .then([]);
  });

  it('orders views of the same second by stage of life, then by period end', () => {
    const incomplete = [event('billing.SubscriptionStarted', snap({ status: 'incomplete' }))];
    spec
      .given(incomplete)
      .when(observe(snap()))
      .then([event('billing.SubscriptionChanged', snap())]);
    spec
      .given([event('billing.SubscriptionStarted', snap())])
      .when(observe(snap({ status: 'incomplete' })))
      .then([]);
    spec
      .given([event('billing.SubscriptionStarted', snap())])
      .when(observe(snap({ currentPeriodEnd: '2026-12-22T10:00:00.000Z' })))
      .then([]);
  });
});

describe('customer decider', () => {
  const spec = deciderSpec(customerDecider);
  const created = { type: 'billing.CustomerCreated' as const, data: { userId: snap().userId, customerId: 'cus_1', at } };

  it('records one customer per user', () => {
    spec.given([]).when({ kind: 'recordCustomer', userId: snap().userId, customerId: 'cus_1', at }).then([created]);
    spec.given([created]).when({ kind: 'recordCustomer', userId: snap().userId, customerId: 'cus_2', at }).then([]);
  });

  it("records a refund only when the charge's refunded total grows", () => {
    const refund = (amountRefunded: number) => ({
      kind: 'recordRefund' as const,
      userId: snap().userId,
      customerId: 'cus_1',
      chargeId: 'ch_1',
      amountRefunded,
      currency: 'eur',
      at,
    });
    const issued = (amountRefunded: number) => ({
      type: 'billing.RefundIssued' as const,
      data: { userId: snap().userId, customerId: 'cus_1', chargeId: 'ch_1', amountRefunded, currency: 'eur', at },
    });
    spec
      .given([created])
      .when(refund(500))
      .then([issued(500)]);
    spec
      .given([created, issued(500)])
      .when(refund(500))
      .then([]);
    spec
      .given([created, issued(500)])
      .when(refund(300))
      .then([]);
    spec
      .given([created, issued(500)])
      .when(refund(8388))
      .then([issued(8388)]);
  });

  it('grants Master by hand and takes the grant back, naming the admin; a paid subscription is not an admin switch', () => {
    const userId = snap().userId;
    const by = '7a1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
    const grant = (granted: boolean, paid = false) => ({ kind: 'setManualGrant' as const, userId, granted, paid, by, at });
    const granted = { type: 'billing.MasterGranted' as const, data: { userId, by, at } };
    const revoked = { type: 'billing.MasterGrantRevoked' as const, data: { userId, by, at } };
    spec.given([]).when(grant(true)).then([granted]);
    spec.given([granted]).when(grant(true)).then([]);
    spec.given([granted]).when(grant(false, true)).then([revoked]);
    spec.given([granted, revoked]).when(grant(false)).then([]);
    spec.given([]).when(grant(false, true)).thenThrows(ADMIN_USER_MESSAGES.paidSubscription);
  });
});
