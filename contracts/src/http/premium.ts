import { z } from 'zod';
import { CURRENCY_SOURCES, SUBSCRIPTION_STATUSES } from '../domain/billing';
import { CurrencySchema } from '../domain/currencies';
import { PriceGroupSchema, PriceSchema } from '../domain/prices';
import { SubscriptionSchema } from '../domain/subscriptions';
import { BytesSchema, CommandIdSchema, PositionSchema, defineRoute } from './route';

/** Spec §7 Premium: prices, checkout, the customer portal, the subscription's data, and Stripe's webhook. */

export const PREMIUM_MESSAGES = {
  unknownCurrency: 'Currency must be one of usd, eur, gbp or aud.',
  unknownPlan: 'Plan must be monthly, annual or biannual.',
  alreadyMaster: 'You already have a Master subscription. Manage it in the customer portal.',
  noCustomer: 'You have no subscription to manage yet. Choose a plan first.',
  notYourCustomer: 'You can only see your own subscription.',
  unavailable: 'Payments are not available right now. Please try again in a few minutes.',
  invalidSignature: 'The webhook signature is missing or invalid.',
} as const;

const currencyQuery = z.enum(CurrencySchema.options, { error: PREMIUM_MESSAGES.unknownCurrency });

export const PlanPricesSchema = z.object({ monthly: PriceSchema, annual: PriceSchema, biannual: PriceSchema });
export type PlanPrices = z.infer<typeof PlanPricesSchema>;

export const getPrices = defineRoute({
  method: 'GET',
  path: '/api/premium/get-prices',
  access: 'public',
  summary: "Master's prices in one currency: monthly, annual and biannual (amounts in minor units)",
  description:
    'Without `currency` the server chooses one from the country header the deployment trusts (COUNTRY_HEADER), ' +
    'else the region of Accept-Language, else usd; `source` says which.',
  query: z.object({ currency: currencyQuery.optional() }),
  response: z.object({ currency: CurrencySchema, source: z.enum(CURRENCY_SOURCES), prices: PlanPricesSchema }),
  errors: { 503: PREMIUM_MESSAGES.unavailable },
});

export const startCheckout = defineRoute({
  method: 'POST',
  path: '/api/premium/checkout',
  access: 'user',
  summary: 'Start a Stripe Checkout for Master on a plan and currency; the answer is the page to send the browser to',
  body: z.object({
    plan: z.enum(PriceGroupSchema.options, { error: PREMIUM_MESSAGES.unknownPlan }),
    currency: currencyQuery,
    commandId: CommandIdSchema,
  }),
  response: z.object({ url: z.url(), sessionId: z.string(), position: PositionSchema.optional() }),
  errors: { 409: PREMIUM_MESSAGES.alreadyMaster, 503: PREMIUM_MESSAGES.unavailable },
});

export const customerPortal = defineRoute({
  method: 'GET',
  path: '/api/premium/customer-portal',
  access: 'user',
  summary: "A Stripe Customer Portal session for the caller's subscription (change plan, card, cancel, invoices)",
  query: z.object({}),
  response: z.object({ url: z.url() }),
  errors: { 404: PREMIUM_MESSAGES.noCustomer, 503: PREMIUM_MESSAGES.unavailable },
});

export const SubscriptionViewSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: PriceGroupSchema.nullable(),
  price: PriceSchema.nullable(),
  /** Epoch ms; Master renews (or, when cancelled, ends) then. */
  currentPeriodEnd: z.number().int(),
  cancelAtPeriodEnd: z.boolean(),
  endedAt: z.number().int().nullable(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

export const InvoiceViewSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: z.number().int(),
  amountPaid: z.number().int().nonnegative(),
  currency: CurrencySchema,
  status: z.string(),
  url: z.url().nullable(),
});
export type InvoiceView = z.infer<typeof InvoiceViewSchema>;

export const SubscriptionDataSchema = z.object({
  /** The user's plan, Free or Master: what every context asks (entitlementsOf). */
  subscription: SubscriptionSchema,
  stripeCustomerId: z.string().nullable(),
  /** Stripe's newest subscription object of the customer (a live one first), or null when there never was one. */
  stripeSubscription: SubscriptionViewSchema.nullable(),
  /** Newest first, from Stripe; null when Stripe could not be asked just now. */
  invoices: z.array(InvoiceViewSchema).nullable(),
});
export type SubscriptionData = z.infer<typeof SubscriptionDataSchema>;

export const subscriptionData = defineRoute({
  method: 'GET',
  path: '/api/premium/subscription-data',
  access: 'user',
  summary: "The caller's plan, subscription and invoices (admins: any customer's, by stripeCustomerId)",
  query: z.object({ stripeCustomerId: z.string().trim().min(1).max(255).optional(), minPosition: PositionSchema.optional() }),
  response: SubscriptionDataSchema,
  errors: { 403: PREMIUM_MESSAGES.notYourCustomer },
});

export const stripeWebhook = defineRoute({
  method: 'POST',
  path: '/api/premium/webhook',
  access: 'public',
  summary: "Stripe's webhook: a signed event (Stripe-Signature header over the raw body), applied once",
  description:
    'Verified with the endpoint signing secret (STRIPE_WEBHOOK_SECRET) over the exact bytes received. Each event is ' +
    'applied once (its id is the command id) and an older event never overwrites a newer state. A failure to apply ' +
    'answers 500, so Stripe delivers the event again.',
  consumes: ['application/json'],
  body: BytesSchema.meta({ description: 'The Stripe event as sent (JSON bytes, verified before parsing)' }),
  response: z.object({ received: z.literal(true) }),
  errors: { 400: PREMIUM_MESSAGES.invalidSignature },
});

export const premiumRoutes = { getPrices, startCheckout, customerPortal, subscriptionData, stripeWebhook };
