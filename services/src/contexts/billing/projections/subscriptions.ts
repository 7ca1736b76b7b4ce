import { EventCodec, readEventData } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { UserDeleted } from '../../identity/published';
import { billingEvents } from '../events';

const codec = new EventCodec([...billingEvents]);

/**
 * The subscription read model Master is decided from: each user's Stripe customer, every subscription as
 * last observed, refunds, and admins' manual grants. A deleted account's rows go with it.
 */
export const subscriptionsProjection: Projection = {
  name: 'billing-subscriptions',
  version: 2,
  tables: ['billing_customers', 'billing_subscriptions', 'billing_refunds', 'billing_manual_grants'],
  eventTypes: [...billingEvents.map((e) => e.type), UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('billing_customers'), (tb) => {
      tb.uuid('user_id').primary();
      tb.text('customer_id').notNullable().unique();
      tb.timestamp('created_at', { useTz: true }).notNullable();
    });
    await trx.schema.createTable(t('billing_subscriptions'), (tb) => {
      tb.text('subscription_id').primary();
      tb.uuid('user_id').notNullable().index();
      tb.text('customer_id').notNullable();
      tb.text('status').notNullable();
      tb.text('plan');
      tb.text('currency');
      tb.integer('unit_amount');
      tb.timestamp('current_period_end', { useTz: true }).notNullable();
      tb.boolean('cancel_at_period_end').notNullable();
      tb.timestamp('ended_at', { useTz: true });
      tb.bigInteger('observed_at').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await trx.schema.createTable(t('billing_refunds'), (tb) => {
      tb.text('charge_id').primary();
      tb.uuid('user_id').notNullable().index();
      tb.integer('amount_refunded').notNullable();
      tb.text('currency').notNullable();
      tb.timestamp('at', { useTz: true }).notNullable();
    });
    await trx.schema.createTable(t('billing_manual_grants'), (tb) => {
      tb.uuid('user_id').primary();
      tb.uuid('granted_by').notNullable();
      tb.timestamp('granted_at', { useTz: true }).notNullable();
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        const { userId } = readEventData(UserDeleted, recorded);
        for (const table of ['billing_customers', 'billing_subscriptions', 'billing_refunds', 'billing_manual_grants'])
          await trx(t(table)).where({ user_id: userId }).delete();
        continue;
      }
      const e = codec.decode(recorded);
      switch (e.type) {
        case 'billing.CustomerCreated':
          await trx(t('billing_customers'))
            .insert({ user_id: e.data.userId, customer_id: e.data.customerId, created_at: e.data.at })
            .onConflict('user_id')
            .ignore();
          break;
        case 'billing.MasterGranted':
          await trx(t('billing_manual_grants'))
            .insert({ user_id: e.data.userId, granted_by: e.data.by, granted_at: e.data.at })
            .onConflict('user_id')
            .merge();
          break;
        case 'billing.MasterGrantRevoked':
          await trx(t('billing_manual_grants')).where({ user_id: e.data.userId }).delete();
          break;
        case 'billing.CheckoutStarted':
          break; // a fact for the log; the subscription arrives by webhook
        case 'billing.RefundIssued':
          await trx(t('billing_refunds'))
            .insert({
              charge_id: e.data.chargeId,
              user_id: e.data.userId,
              amount_refunded: e.data.amountRefunded,
              currency: e.data.currency,
              at: e.data.at,
            })
            .onConflict('charge_id')
            .merge(['amount_refunded', 'at']);
          break;
        default: {
          const s = e.data.snapshot;
          const row = {
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
            updated_at: e.data.at,
          };
          await trx(t('billing_subscriptions'))
            .insert({ subscription_id: s.subscriptionId, ...row })
            .onConflict('subscription_id')
            .merge(Object.keys(row));
        }
      }
    }
  },
};
