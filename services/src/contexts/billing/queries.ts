import type { Knex } from 'knex';
import { CurrencySchema, MASTER_STATUSES, PriceGroupSchema, type SubscriptionView } from '@verba/contracts';
import type { MasterSources } from '../../platform/module';
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

/** Reads of the subscription read model; Master is decided here. */
export class BillingQueries {
  constructor(private readonly db: Knex) {}

  async customerOf(userId: string): Promise<string | undefined> {
    return (await this.db('billing_customers').where({ user_id: userId }).first('customer_id'))?.customer_id;
  }

  async userOfCustomer(customerId: string): Promise<string | undefined> {
    return (await this.db('billing_customers').where({ customer_id: customerId }).first('user_id'))?.user_id;
  }

  /** Master while an admin's manual grant stands or any subscription is paying, in a trial, or retrying a failed payment. */
  async isMaster(userId: string): Promise<boolean> {
    if (await this.db('billing_manual_grants').where({ user_id: userId }).first('user_id')) return true;
    return this.paysForMaster(userId);
  }

  async paysForMaster(userId: string): Promise<boolean> {
    const row = await this.db('billing_subscriptions')
      .where({ user_id: userId })
      .whereIn('status', [...MASTER_STATUSES])
      .first('subscription_id');
    return row !== undefined;
  }

  async masterSources(userIds: readonly string[]): Promise<Map<string, MasterSources>> {
    const ids = [...userIds];
    const [paid, granted] = await Promise.all([
      this.db('billing_subscriptions')
        .whereIn('user_id', ids)
        .whereIn('status', [...MASTER_STATUSES])
        .distinct('user_id')
        .pluck('user_id'),
      this.db('billing_manual_grants').whereIn('user_id', ids).pluck('user_id'),
    ]);
    const sources = new Map<string, MasterSources>();
    for (const id of ids) {
      const s = { paid: paid.includes(id), manualGrant: granted.includes(id) };
      if (s.paid || s.manualGrant) sources.set(id, s);
    }
    return sources;
  }

  async masterUserIds(): Promise<string[]> {
    const { rows } = await this.db.raw(
      'select user_id from billing_subscriptions where status = any(?) union select user_id from billing_manual_grants',
      [[...MASTER_STATUSES]],
    );
    return (rows as { user_id: string }[]).map((r) => r.user_id);
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
