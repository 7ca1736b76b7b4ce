import type Stripe from 'stripe';
import type { Currency, InvoiceView, PriceGroup } from '@verba/contracts';

/** One of Master's prices as Stripe has it. */
export interface PlanPrice {
  priceId: string;
  unitAmount: number;
  currency: Currency;
}

/**
 * Payments port: what Verba asks of Stripe. One adapter (stripe.ts, the official SDK) talks to Stripe, or
 * to the local stand-in (adapters/stand-in) when no STRIPE_SECRET_KEY is set.
 */
export interface Payments {
  readonly name: 'stripe' | 'stand-in';
  prices(currency: Currency): Promise<Record<PriceGroup, PlanPrice>>;
  /** A customer for the user (the idempotency key makes a retry return the same one). */
  createCustomer(userId: string): Promise<string>;
  createCheckoutSession(o: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Every subscription of the account, cancelled ones included (reconciliation). */
  listSubscriptions(): AsyncIterable<Stripe.Subscription>;
  invoices(customerId: string): Promise<InvoiceView[]>;
  /** The event if the signature over these exact bytes is valid; throws InvalidWebhookSignature otherwise. */
  verifyEvent(raw: Buffer, signature: string | undefined): Promise<Stripe.Event>;
}

/** Stripe could not be reached or refused the call: the caller gets a clear 503, details go to the log. */
export class PaymentsUnavailableError extends Error {
  override readonly name = 'PaymentsUnavailableError';
}

export class InvalidWebhookSignature extends Error {
  override readonly name = 'InvalidWebhookSignature';
}
