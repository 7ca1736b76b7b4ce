import type Stripe from 'stripe';
import { CurrencySchema, SUBSCRIPTION_STATUSES } from '@verba/contracts';
import { planOf } from '../adapters/stripe/catalog';
import type { Snapshot } from '../events';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? undefined));

/**
 * Verba's view of a Stripe subscription (API 2025-03-31 and later keep the period on the items). `userId`
 * is the one Checkout put in the metadata, or the one the customer is recorded for.
 */
export function snapshotOf(sub: Stripe.Subscription, userId: string, observedAt: number): Snapshot {
  const item = sub.items.data[0];
  const price = item?.price;
  const currency = CurrencySchema.safeParse(price?.currency);
  const periodEnd = item?.current_period_end ?? sub.ended_at ?? sub.created;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer)!,
    userId,
    // A status newer than this code grants nothing until it is taught.
    status: SUBSCRIPTION_STATUSES.find((s) => s === sub.status) ?? 'incomplete',
    plan: planOf(price?.recurring),
    priceId: price?.id ?? null,
    currency: currency.success ? currency.data : null,
    unitAmount: price?.unit_amount ?? null,
    currentPeriodEnd: iso(periodEnd),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: sub.ended_at ? iso(sub.ended_at) : null,
    observedAt,
  };
}

/** The customer id of a Stripe object that names one. */
export const customerIdOf = (o: { customer?: string | { id: string } | null }) => idOf(o.customer);
