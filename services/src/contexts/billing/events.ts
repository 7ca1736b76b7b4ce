import { z } from 'zod';
import { CurrencySchema, PriceGroupSchema, SUBSCRIPTION_STATUSES } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';

/**
 * Billing's domain events. Stripe is the source of truth for payments; these record what Verba learned
 * from it (webhooks, reconciliation) and what it asked of it (customer, checkout). The subscription read
 * model, and so Master, is projected from them.
 */
const at = z.iso.datetime();

/** A Stripe customer was made for the user (one per user, ever). */
export const CustomerCreated = defineEvent('billing.CustomerCreated', z.object({ userId: z.uuid(), customerId: z.string().min(1), at }));

/** The user was sent to Stripe Checkout for a plan. */
export const CheckoutStarted = defineEvent(
  'billing.CheckoutStarted',
  z.object({
    userId: z.uuid(),
    customerId: z.string().min(1),
    sessionId: z.string().min(1),
    plan: PriceGroupSchema,
    currency: CurrencySchema,
    at,
  }),
);

/** Money was given back on a charge; `amountRefunded` is the charge's running total. */
export const RefundIssued = defineEvent(
  'billing.RefundIssued',
  z.object({
    userId: z.uuid(),
    customerId: z.string().min(1),
    chargeId: z.string().min(1),
    amountRefunded: z.number().int().nonnegative(),
    currency: z.string(),
    at,
  }),
);

/** An admin gave the user Master by hand (spec §4: toggle a user's subscription); `by` is the admin. */
export const MasterGranted = defineEvent('billing.MasterGranted', z.object({ userId: z.uuid(), by: z.uuid(), at }));
/** An admin took a manual grant back; a paid subscription, if any, is untouched. */
export const MasterGrantRevoked = defineEvent('billing.MasterGrantRevoked', z.object({ userId: z.uuid(), by: z.uuid(), at }));

export const customerEvents = [CustomerCreated, CheckoutStarted, RefundIssued, MasterGranted, MasterGrantRevoked] as const;
export type CustomerEvent = EventOf<(typeof customerEvents)[number]>;

/** The subscription as Stripe showed it at `observedAt` (epoch seconds: the Stripe event's `created`, or a reconciliation's read). */
export const SnapshotSchema = z.object({
  subscriptionId: z.string().min(1),
  customerId: z.string().min(1),
  userId: z.uuid(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: PriceGroupSchema.nullable(),
  priceId: z.string().nullable(),
  currency: CurrencySchema.nullable(),
  unitAmount: z.number().int().nonnegative().nullable(),
  currentPeriodEnd: at,
  cancelAtPeriodEnd: z.boolean(),
  endedAt: at.nullable(),
  observedAt: z.number().int().nonnegative(),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

const snapshotEvent = z.object({ snapshot: SnapshotSchema, source: z.enum(['webhook', 'reconciliation']), at });

export const SubscriptionStarted = defineEvent('billing.SubscriptionStarted', snapshotEvent);
/** A new period began (Stripe charged for it). */
export const SubscriptionRenewed = defineEvent('billing.SubscriptionRenewed', snapshotEvent);
/** A payment failed: the subscription is past due (Stripe retries) or unpaid. */
export const SubscriptionPaymentFailed = defineEvent('billing.SubscriptionPaymentFailed', snapshotEvent);
/** The customer cancelled: Master stays until the period ends. */
export const SubscriptionCancelledAtPeriodEnd = defineEvent('billing.SubscriptionCancelledAtPeriodEnd', snapshotEvent);
/** Any other change: resumed after a cancellation, another plan, a payment that went through after failing. */
export const SubscriptionChanged = defineEvent('billing.SubscriptionChanged', snapshotEvent);
/** The subscription is over (cancelled and its period ended, or never paid); Master ends with it. */
export const SubscriptionEnded = defineEvent('billing.SubscriptionEnded', snapshotEvent);

export const subscriptionEvents = [
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionPaymentFailed,
  SubscriptionCancelledAtPeriodEnd,
  SubscriptionChanged,
  SubscriptionEnded,
] as const;
export type SubscriptionEvent = EventOf<(typeof subscriptionEvents)[number]>;

export const billingEvents = [...customerEvents, ...subscriptionEvents] as const;

/** One small stream per user: their customer id, checkouts, refunds and manual grants. */
export const customerStream = (userId: string) => `billing-customer-${userId}`;
/** One stream per Stripe subscription: a handful of changes a year. */
export const subscriptionStream = (subscriptionId: string) => `billing-subscription-${subscriptionId}`;
