import type { Knex } from 'knex';
import { MASTER_STATUSES } from '@verba/contracts';
import type { Entitlements, MasterSources } from '../../../platform/module';
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

/** Billing's entitlements, and whether a user pays (checkout refuses a second subscription). */
export interface BillingEntitlements extends Entitlements {
  paysForMaster(userId: string): Promise<boolean>;
}

/**
 * The entitlement every context asks (`subscriptionOf`), read from this read model: Master while an admin's
 * manual grant stands or a subscription is paying, in a trial, or retrying a failed payment; else Free.
 */
export function entitlementsOf(db: Knex): BillingEntitlements {
  const paying = () => db('billing_subscriptions').whereIn('status', [...MASTER_STATUSES]);
  const paysForMaster = async (userId: string) => (await paying().where({ user_id: userId }).first('subscription_id')) !== undefined;
  return {
    paysForMaster,
    async subscriptionOf(userId) {
      const granted = await db('billing_manual_grants').where({ user_id: userId }).first('user_id');
      return granted || (await paysForMaster(userId)) ? 'master' : 'free';
    },
    async masterSources(userIds) {
      const ids = [...userIds];
      const [paid, granted] = await Promise.all([
        paying().whereIn('user_id', ids).distinct('user_id').pluck('user_id'),
        db('billing_manual_grants').whereIn('user_id', ids).pluck('user_id'),
      ]);
      const sources = new Map<string, MasterSources>();
      for (const id of ids) {
        const s = { paid: paid.includes(id), manualGrant: granted.includes(id) };
        if (s.paid || s.manualGrant) sources.set(id, s);
      }
      return sources;
    },
    async masterUserIds() {
      const { rows } = await db.raw(
        'select user_id from billing_subscriptions where status = any(?) union select user_id from billing_manual_grants',
        [[...MASTER_STATUSES]],
      );
      return (rows as { user_id: string }[]).map((r) => r.user_id);
    },
  };
}
