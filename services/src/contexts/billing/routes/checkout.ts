import { chooseCurrency, isAdminRole, premiumRoutes as r, PREMIUM_MESSAGES, type Currency, type PriceGroup } from '@verba/contracts';
import type { FastifyRequest } from 'fastify';
import { formatPosition } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { registerRoute, type RouteHost } from '../../../platform/http/routes';
import type { App } from '../../../platform/http/server';
import type { Logger } from '../../../platform/logger';
import { InvalidWebhookSignature, PaymentsUnavailableError, type Payments } from '../adapters/stripe/port';
import type { BillingCommands } from '../commands';
import { toSubscriptionView, type BillingQueries } from '../queries';
import { subscriptionsProjection } from '../projections/subscriptions';

export interface BillingRouteDeps {
  host: RouteHost;
  payments: Payments;
  commands: BillingCommands;
  queries: BillingQueries;
  log: Logger;
  /** The trusted header naming the visitor's country (COUNTRY_HEADER), if any. */
  countryHeader?: string;
  /** The app's own origin (PUBLIC_URL, else http://HOST:PORT) Stripe sends the browser back to: never the request's Host. */
  appUrl: string;
}

const header = (request: FastifyRequest, name: string | undefined) => {
  const value = name ? request.headers[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** Spec §7 Premium, the checkout, and Stripe's webhook. */
export async function billingRoutes(app: App, d: BillingRouteDeps): Promise<void> {
  const { host } = d;
  const { auth } = host;
  // Stripe's trouble is logged with its details and reaches the caller as a clear 503.
  const stripe = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      d.log.error({ err: error }, 'Stripe call failed');
      throw new HttpError(503, PREMIUM_MESSAGES.unavailable);
    }
  };
  const returnTo = `${d.appUrl.replace(/\/+$/, '')}/app/user-profile/subscribe`;

  registerRoute(app, host, r.getPrices, async ({ query, request }) => {
    const { currency, source } = chooseCurrency({
      ...(query.currency ? { asked: query.currency } : {}),
      country: header(request, d.countryHeader),
      acceptLanguage: header(request, 'accept-language'),
    });
    const prices = await stripe(() => d.payments.prices(currency));
    const price = (plan: PriceGroup) => ({ unit_amount: prices[plan].unitAmount, currency: currency as Currency });
    return { currency, source, prices: { monthly: price('monthly'), annual: price('annual'), biannual: price('biannual') } };
  });

  registerRoute(app, host, r.startCheckout, async ({ user, body }) => {
    const result = await stripe(() => d.commands.startCheckout(user.id, body.plan, body.currency, body.commandId, returnTo));
    return { url: result.url, sessionId: result.sessionId, ...(result.position ? { position: formatPosition(result.position) } : {}) };
  });

  registerRoute(app, host, r.customerPortal, async ({ user }) => {
    const customerId = await d.queries.customerOf(user.id);
    if (!customerId) throw new HttpError(404, PREMIUM_MESSAGES.noCustomer);
    return { url: await stripe(() => d.payments.createPortalSession(customerId, returnTo)) };
  });

  registerRoute(
    app,
    host,
    r.subscriptionData,
    async ({ user, query }) => {
      let userId = user.id;
      if (query.stripeCustomerId) {
        const owner = await d.queries.userOfCustomer(query.stripeCustomerId);
        // The same answer whether another's customer exists or not: learners cannot probe for ids.
        if (owner !== user.id) {
          const role = await auth.currentRole(user.id);
          if (!role || !isAdminRole(role)) throw new HttpError(403, PREMIUM_MESSAGES.notYourCustomer);
          if (!owner) throw new HttpError(404, 'No such customer.');
        }
        userId = owner!;
      }
      const [customerId, current, subscription] = await Promise.all([
        d.queries.customerOf(userId),
        d.queries.current(userId),
        d.queries.entitlements.subscriptionOf(userId),
      ]);
      const invoices = customerId
        ? await d.payments.invoices(customerId).catch((err: unknown) => (d.log.warn({ err }, 'Stripe invoices unavailable'), null))
        : [];
      return {
        subscription,
        stripeCustomerId: customerId ?? null,
        stripeSubscription: current ? toSubscriptionView(current) : null,
        invoices,
      };
    },
    { reads: [subscriptionsProjection] },
  );

  // The webhook needs the exact bytes Stripe signed: in its own scope, JSON bodies stay raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Stripe posts from its servers (no Origin); the signature, not the site, says it is Stripe.
    registerRoute(
      scope as unknown as App,
      host,
      r.stripeWebhook,
      async ({ body, request }) => {
        let event;
        try {
          event = await d.payments.verifyEvent(Buffer.from(body), header(request, 'stripe-signature'));
        } catch (error) {
          if (!(error instanceof InvalidWebhookSignature)) throw error;
          request.log.warn({ reason: error.message }, 'Stripe webhook refused');
          throw new HttpError(400, PREMIUM_MESSAGES.invalidSignature);
        }
        // A failure here answers 500, so Stripe delivers the event again later.
        await d.commands.applyStripeEvent(event);
        return { received: true as const };
      },
      { crossSite: true },
    );
  });
}
