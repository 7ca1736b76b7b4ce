import type Stripe from 'stripe';
import { CurrencySchema, PRICE_GROUPS, type Currency, type InvoiceView, type PriceGroup } from '@verba/contracts';
import { lookupKey } from './catalog';
import { InvalidWebhookSignature, PaymentsUnavailableError, type Payments, type PlanPrice } from './port';

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** The local stand-in: where the SDK sends its calls instead of api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Prices change rarely: a currency's list is asked of Stripe at most this often. */
  pricesTtlMs?: number;
  now?: () => number;
}

/** A Stripe failure of any kind becomes PaymentsUnavailableError (its message is for the log only). */
async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentsUnavailableError) throw error;
    throw new PaymentsUnavailableError(`Stripe ${what} failed: ${(error as Error).message}`);
  }
}

/** The payments port over the official SDK; the same code talks to Stripe and to the local stand-in. */
export function createStripePayments(o: StripePaymentsOptions): Payments {
  // The SDK loads with the first call, not at start: a tenth of a second of every start, and most runs of
  // the embedded default never pay (`npm run bench -w services -- embedded`).
  let sdk: Promise<Stripe> | undefined;
  const client = () =>
    (sdk ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(o.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          ...(o.host ? { host: o.host } : {}),
          ...(o.port ? { port: o.port } : {}),
          ...(o.protocol ? { protocol: o.protocol } : {}),
        }),
      (error: unknown) => {
        sdk = undefined; // tried again by the next call
        throw error;
      },
    ));
  const now = o.now ?? Date.now;
  const pricesTtlMs = o.pricesTtlMs ?? 5 * 60_000;
  const priceCache = new Map<Currency, { at: number; prices: Record<PriceGroup, PlanPrice> }>();

  return {
    name: o.host ? 'stand-in' : 'stripe',

    async prices(currency) {
      const cached = priceCache.get(currency);
      if (cached && now() - cached.at < pricesTtlMs) return cached.prices;
      const keys = PRICE_GROUPS.map((plan) => lookupKey(plan, currency));
      const list = await guarded('prices.list', async () =>
        (await client()).prices.list({ lookup_keys: keys, active: true, limit: keys.length }),
      );
      const entries = PRICE_GROUPS.map((plan) => {
        const price = list.data.find((p) => p.lookup_key === lookupKey(plan, currency));
        if (!price || price.unit_amount === null || price.currency !== currency) {
          throw new PaymentsUnavailableError(`Stripe has no active price with lookup key ${lookupKey(plan, currency)}`);
        }
        return [plan, { priceId: price.id, unitAmount: price.unit_amount, currency }] as const;
      });
      const prices = Object.fromEntries(entries) as Record<PriceGroup, PlanPrice>;
      priceCache.set(currency, { at: now(), prices });
      return prices;
    },

    async createCustomer(userId) {
      // Only the user id: Checkout asks the customer for the email and card details itself.
      const customer = await guarded('customers.create', async () =>
        (await client()).customers.create({ metadata: { userId } }, { idempotencyKey: `verba-customer-${userId}` }),
      );
      return customer.id;
    },

    async createCheckoutSession(c) {
      const session = await guarded('checkout.sessions.create', async () =>
        (await client()).checkout.sessions.create(
          {
            mode: 'subscription',
            customer: c.customerId,
            client_reference_id: c.userId,
            line_items: [{ price: c.priceId, quantity: 1 }],
            subscription_data: { metadata: { userId: c.userId } },
            metadata: { userId: c.userId },
            success_url: c.successUrl,
            cancel_url: c.cancelUrl,
          },
          { idempotencyKey: c.idempotencyKey },
        ),
      );
      if (!session.url) throw new PaymentsUnavailableError('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await guarded('billingPortal.sessions.create', async () =>
        (await client()).billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    listSubscriptions() {
      return (async function* () {
        try {
          for await (const s of (await client()).subscriptions.list({ status: 'all', limit: 100 })) yield s;
        } catch (error) {
          throw new PaymentsUnavailableError(`Stripe subscriptions.list failed: ${(error as Error).message}`);
        }
      })();
    },

    async invoices(customerId) {
      const list = await guarded('invoices.list', async () => (await client()).invoices.list({ customer: customerId, limit: 24 }));
      return list.data.flatMap((i): InvoiceView[] => {
        const currency = CurrencySchema.safeParse(i.currency);
        if (!currency.success || !i.id) return [];
        return [
          {
            id: i.id,
            number: i.number,
            created: i.created * 1000,
            amountPaid: i.amount_paid,
            currency: currency.data,
            status: i.status ?? 'draft',
            url: i.hosted_invoice_url ?? null,
          },
        ];
      });
    },

    async verifyEvent(raw, signature) {
      if (!signature) throw new InvalidWebhookSignature('no Stripe-Signature header');
      const stripe = await client();
      try {
        return stripe.webhooks.constructEvent(raw, signature, o.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookSignature((error as Error).message);
      }
    },
  };
}
