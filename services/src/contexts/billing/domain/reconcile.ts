import type { Payments } from '../adapters/stripe/port';
import type { BillingCommands } from '../commands';
import type { BillingQueries, SubscriptionRow } from '../queries';
import type { Snapshot } from '../events';
import { customerIdOf, snapshotOf } from './snapshot';

export interface Drift {
  subscriptionId: string;
  kind: 'missing-locally' | 'differs' | 'missing-at-stripe' | 'unknown-customer';
  /** What differs, as "field: local -> stripe". */
  details: string[];
  repaired: boolean;
}

const local = (r: SubscriptionRow) => ({
  status: r.status,
  plan: r.plan,
  currentPeriodEnd: new Date(r.current_period_end).toISOString(),
  cancelAtPeriodEnd: r.cancel_at_period_end,
  endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
});

function differences(row: SubscriptionRow, s: Snapshot): string[] {
  const mine = local(row);
  return (Object.keys(mine) as (keyof typeof mine)[]).filter((k) => mine[k] !== s[k]).map((k) => `${k}: ${mine[k]} -> ${s[k]}`);
}

/**
 * Compares the subscription read model with Stripe's list of subscriptions. With `repair`, each drift Stripe
 * can settle is applied as an observation made now (newer than any event), through the same decider as
 * webhooks; subscriptions Stripe does not have are only reported.
 */
export async function reconcile(o: {
  payments: Payments;
  queries: BillingQueries;
  commands: BillingCommands;
  repair: boolean;
  now: () => Date;
}): Promise<{ checked: number; drift: Drift[] }> {
  const drift: Drift[] = [];
  const seen = new Set<string>();
  for await (const sub of o.payments.listSubscriptions()) {
    seen.add(sub.id);
    const userId = await o.commands.userFor(customerIdOf(sub), sub.metadata);
    if (!userId) {
      drift.push({
        subscriptionId: sub.id,
        kind: 'unknown-customer',
        details: [`customer ${customerIdOf(sub)} is not a Verba user's`],
        repaired: false,
      });
      continue;
    }
    const row = await o.queries.subscription(sub.id);
    // Read now, so newer than anything recorded (a test clock may have put recorded events ahead of real time).
    const observedAt = Math.max(Math.floor(o.now().getTime() / 1000), row ? Number(row.observed_at) + 1 : 0);
    const snapshot = snapshotOf(sub, userId, observedAt);
    const details = row ? differences(row, snapshot) : ['not in the read model'];
    if (row && details.length === 0) continue;
    const repaired = o.repair ? (await o.commands.observe(snapshot, 'reconciliation', `reconcile-${sub.id}-${observedAt}`)).changed : false;
    drift.push({ subscriptionId: sub.id, kind: row ? 'differs' : 'missing-locally', details, repaired });
  }
  for (const row of await o.queries.all()) {
    if (!seen.has(row.subscription_id))
      drift.push({
        subscriptionId: row.subscription_id,
        kind: 'missing-at-stripe',
        details: [`local status ${row.status}`],
        repaired: false,
      });
  }
  return { checked: seen.size, drift };
}
