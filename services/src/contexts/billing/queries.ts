import type { Knex } from 'knex';
import { CurrencySchema, MASTER_STATUSES, PriceGroupSchema, type SubscriptionView } from '@verba/contracts';
import { entitlementsOf, type BillingEntitlements } from './projections/subscriptions';
import type { Snapshot } from './events';

export interface SubscriptionRow {
  subscription_id: string;
  user_id: string;
  customer_id: string;
  status: Snapshot['status'];
  plan: string | null;
  currency: string | null;
  unit_amount: number | null;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  ended_at: Date | null;
  observed_at: string | number;
}

export function toSubscriptionView(r: SubscriptionRow): SubscriptionView {
  const currency = CurrencySchema.safeParse(r.currency);
  return {
    id: r.subscription_id,
    status: r.status,
    plan: PriceGroupSchema.safeParse(r.plan).data ?? null,
    price: currency.success && r.unit_amount !== null ? { unit_amount: r.unit_amount, currency: currency.data } : null,
    currentPeriodEnd: new Date(r.current_period_end).getTime(),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    endedAt: r.ended_at ? new Date(r.ended_at).getTime() : null,
  };
}

/** Reads of the subscription read model for billing's own routes; Master is its `entitlements` (the projection's). */
export class BillingQueries {
  readonly entitlements: BillingEntitlements;

  constructor(private readonly db: Knex) {
    this.entitlements = entitlementsOf(db);
  }

  async customerOf(userId: string): Promise<string | undefined> {
    return (await this.db('billing_customers').where({ user_id: userId }).first('customer_id'))?.customer_id;
  }

  async userOfCustomer(customerId: string): Promise<string | undefined> {
    return (await this.db('billing_customers').where({ customer_id: customerId }).first('user_id'))?.user_id;
  }

  /** The subscription to show: a live one first, else the most recently changed. */
  async current(userId: string): Promise<SubscriptionRow | undefined> {
    return this.db('billing_subscriptions')
      .where({ user_id: userId })
      .orderByRaw('(status = any(?)) desc, updated_at desc', [[...MASTER_STATUSES]])
      .first();
  }

  async subscription(subscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.db('billing_subscriptions').where({ subscription_id: subscriptionId }).first();
  }

  async all(): Promise<SubscriptionRow[]> {
    return this.db('billing_subscriptions').orderBy('subscription_id');
  }
}
