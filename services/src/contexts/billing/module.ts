import { grantsMaster, premiumRoutes } from '@verba/contracts';
import { SubscriptionChangedV1 } from '@verba/contracts/integration';
import type { IntegrationMapper } from '../../platform/integration/relay';
import { readEventData } from '../../platform/decider/events';
import { customerStream, subscriptionEvents } from './events';
import { writeThrough } from '../../platform/http/write-through';
import type { App } from '../../platform/http/server';
import type { BaseDeps, Module } from '../../platform/module';
import type { Payments } from './adapters/stripe/port';
import { createStripePayments } from './adapters/stripe/stripe';
import { unavailablePayments } from './adapters/stripe/unavailable';
import { migrateStandInObjects, tableObjects } from './adapters/stand-in/objects';
import { startStripeStandIn, type StandIn } from './adapters/stand-in/server';
import { BillingCommands } from './commands';
import { reconcile } from './domain/reconcile';
import { entitlementsOf, subscriptionsProjection } from './projections/subscriptions';
import { BillingQueries } from './queries';
import { billingRoutes } from './routes/checkout';
import { billingAdminRoutes } from './routes/admin';
import { perRuntime } from '../../platform/per-runtime';

interface Billing {
  payments: Payments;
  standIn?: StandIn;
  queries: BillingQueries;
  commands: BillingCommands;
}

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise (not in production) the local stand-in, which sends its
 * webhooks to this app's endpoint through `app` (none in the CLI: nothing happens there to announce).
 */
async function openBilling(deps: BaseDeps, app?: App): Promise<Billing> {
  const { config } = deps;
  let standIn: StandIn | undefined;
  let payments: Payments;
  if (config.STRIPE_SECRET_KEY) {
    payments = createStripePayments({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET! });
  } else if (config.NODE_ENV === 'production') {
    deps.log.warn('STRIPE_SECRET_KEY is not set: Master cannot be bought (the local Stripe stand-in does not run in production)');
    payments = unavailablePayments();
  } else {
    standIn = await startStripeStandIn({
      objects: tableObjects(deps.db),
      testClock: config.STRIPE_STANDIN_TEST_CLOCK,
      log: deps.log,
      ...(app
        ? {
            deliver: async (payload: string, signature: string) =>
              (
                await app.inject({
                  method: 'POST',
                  url: premiumRoutes.stripeWebhook.path,
                  headers: { 'content-type': 'application/json', 'stripe-signature': signature },
                  payload,
                })
              ).statusCode,
          }
        : {}),
    });
    deps.log.info(`local Stripe stand-in at ${standIn.url} (set STRIPE_SECRET_KEY to use Stripe)`);
    payments = createStripePayments({
      secretKey: standIn.apiKey,
      webhookSecret: standIn.webhookSecret,
      host: '127.0.0.1',
      port: standIn.port,
      protocol: 'http',
    });
  }
  const queries = new BillingQueries(deps.db);
  const commands = new BillingCommands({ store: deps.store, payments, queries, log: deps.log, now: deps.now });
  return { payments, standIn, queries, commands };
}

const CHANGES = {
  'billing.SubscriptionStarted': 'started',
  'billing.SubscriptionRenewed': 'renewed',
  'billing.SubscriptionPaymentFailed': 'payment-failed',
  'billing.SubscriptionCancelledAtPeriodEnd': 'cancelled-at-period-end',
  'billing.SubscriptionChanged': 'changed',
  'billing.SubscriptionEnded': 'ended',
} as const;

/** Stripe's ids and amounts stay inside Verba: the public fact is the user's plan, status and Master. */
function subscriptionMapper(def: (typeof subscriptionEvents)[number]): IntegrationMapper {
  return (recorded) => {
    const { snapshot: s, at } = readEventData(def, recorded);
    return SubscriptionChangedV1.build({
      id: recorded.id,
      occurredAt: at,
      key: s.userId,
      data: {
        userId: s.userId,
        change: CHANGES[def.type],
        status: s.status,
        plan: s.plan,
        premium: grantsMaster(s.status),
        currentPeriodEnd: s.currentPeriodEnd,
      },
    });
  };
}

/** The billing of a runtime, once its routes are registered (they start it with the app the stand-in calls back). */
const running = perRuntime((): { billing?: Billing } => ({}));
/** The billing of a runtime whose routes are registered (tests reach its stand-in). */
export const billingOf = (deps: BaseDeps): Billing | undefined => running.of(deps).billing;

/** Billing: Stripe customers, checkout, the portal, webhooks, and Master decided from the subscription read model. */
export const billingModule: Module = {
  name: 'billing',
  migrate: migrateStandInObjects,
  projections: [subscriptionsProjection],
  // A manual grant or a paid subscription is part of the account's history.
  history: { user: (id) => [customerStream(id)] },
  integration: Object.fromEntries(subscriptionEvents.map((def) => [def.type, subscriptionMapper(def)])),
  provides: {
    entitlements: (deps) => entitlementsOf(deps.db),
  },
  async routes(app, deps) {
    const billing = await openBilling(deps, app);
    running.of(deps).billing = billing;
    app.addHook('onClose', async () => billing.standIn?.close());
    await billingRoutes(app, {
      host: deps,
      payments: billing.payments,
      commands: billing.commands,
      queries: billing.queries,
      log: deps.log,
      ...(deps.config.COUNTRY_HEADER ? { countryHeader: deps.config.COUNTRY_HEADER } : {}),
      appUrl: deps.appUrl,
    });
    billingAdminRoutes(app, deps, billing.commands, writeThrough(deps.projections, [subscriptionsProjection]));
  },
  cli: {
    'billing:reconcile': {
      usage: 'billing:reconcile [--repair]   compare subscriptions with Stripe; --repair applies what Stripe says',
      async run(deps, args) {
        const billing = await openBilling(deps);
        try {
          const repair = args.includes('--repair');
          const { checked, drift } = await reconcile({
            payments: billing.payments,
            queries: billing.queries,
            commands: billing.commands,
            repair,
            now: deps.now,
          });
          for (const d of drift)
            console.log(`${d.repaired ? 'repaired' : 'drift'}  ${d.kind}  ${d.subscriptionId}  ${d.details.join('; ')}`);
          console.log(
            `${checked} subscriptions at Stripe, ${drift.length} with drift${repair ? `, ${drift.filter((d) => d.repaired).length} repaired` : ''}`,
          );
          return drift.some((d) => !d.repaired) ? 1 : 0;
        } finally {
          await billing.standIn?.close();
        }
      },
    },
  },
};
