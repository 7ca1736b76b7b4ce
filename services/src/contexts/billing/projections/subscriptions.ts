import { defineProjection, insert, remove, update, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { CustomerCreated, MasterGranted, MasterGrantRevoked, RefundIssued, subscriptionEvents, type Snapshot } from '../events';

const TABLES = ['billing_customers', 'billing_subscriptions', 'billing_refunds', 'billing_manual_grants'] as const;

/** A subscription's row as last observed (whatever the change: the snapshot is the whole truth). */
const observed = (s: Snapshot, at: string) => ({
  subscription_id: s.subscriptionId,
  user_id: s.userId,
  customer_id: s.customerId,
  status: s.status,
  plan: s.plan,
  currency: s.currency,
  unit_amount: s.unitAmount,
  current_period_end: s.currentPeriodEnd,
  cancel_at_period_end: s.cancelAtPeriodEnd,
  ended_at: s.endedAt,
  observed_at: s.observedAt,
  updated_at: at,
});

/**
 * The subscription read model Master is decided from: each user's Stripe customer, every subscription as
 * last observed, refunds, and admins' manual grants. A deleted account's rows go with it. (Checkouts are
 * facts for the log: the subscription arrives by webhook.)
 */
export const subscriptionsProjection = defineProjection({
  name: 'billing-subscriptions',
  // 3: declared (customer_id indexed, no longer unique: one customer per user is the decider's rule).
  version: 3,
  tables: {
    billing_customers: {
      key: ['user_id'],
      columns: { user_id: 'uuid', customer_id: 'text', created_at: 'timestamptz' },
      indexes: [['customer_id']],
    },
    billing_subscriptions: {
      key: ['subscription_id'],
      columns: {
        subscription_id: 'text',
        user_id: 'uuid',
        customer_id: 'text',
        status: 'text',
        plan: 'text?',
        currency: 'text?',
        unit_amount: 'integer?',
        current_period_end: 'timestamptz',
        cancel_at_period_end: 'boolean',
        ended_at: 'timestamptz?',
        observed_at: 'bigint',
        updated_at: 'timestamptz',
      },
      indexes: [['user_id']],
    },
    billing_refunds: {
      key: ['charge_id'],
      columns: { charge_id: 'text', user_id: 'uuid', amount_refunded: 'integer', currency: 'text', at: 'timestamptz' },
      indexes: [['user_id']],
    },
    billing_manual_grants: {
      key: ['user_id'],
      columns: { user_id: 'uuid', granted_by: 'uuid', granted_at: 'timestamptz' },
    },
  },
  on: [
    // One customer per user, ever: the first stays.
    when(CustomerCreated, (e) => [insert('billing_customers', { user_id: e.userId, customer_id: e.customerId, created_at: e.at })]),
    when(MasterGranted, (e) => [upsert('billing_manual_grants', { user_id: e.userId, granted_by: e.by, granted_at: e.at })]),
    when(MasterGrantRevoked, (e) => [remove('billing_manual_grants', { user_id: e.userId })]),
    // `amountRefunded` is the charge's running total: the latest replaces it (the charge's user and currency stay).
    when(RefundIssued, (e) => [
      insert('billing_refunds', {
        charge_id: e.chargeId,
        user_id: e.userId,
        amount_refunded: e.amountRefunded,
        currency: e.currency,
        at: e.at,
      }),
      update('billing_refunds', { charge_id: e.chargeId }, { amount_refunded: e.amountRefunded, at: e.at }),
    ]),
    ...subscriptionEvents.map((def) => when(def, (e) => [upsert('billing_subscriptions', observed(e.snapshot, e.at))])),
    when(UserDeleted, (e) => TABLES.map((table) => remove(table, { user_id: e.userId }))),
  ],
});
