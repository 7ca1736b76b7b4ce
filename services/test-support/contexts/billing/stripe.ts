import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Agent } from '../../platform/test-app';

/** A subscription as Stripe's webhooks carry it (API 2025-03-31 and later: the period is on the item). */
export function subscriptionObject(o: {
  id: string;
  customer: string;
  userId?: string;
  status?: string;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  endedAt?: number | null;
  currency?: string;
  unitAmount?: number;
  interval?: 'month' | 'year';
  intervalCount?: number;
}) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status ?? 'active',
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    ended_at: o.endedAt ?? null,
    created: o.periodEnd - 3600,
    metadata: o.userId ? { userId: o.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${o.id}`,
          object: 'subscription_item',
          current_period_start: o.periodEnd - 30 * 86400,
          current_period_end: o.periodEnd,
          price: {
            id: 'price_test',
            object: 'price',
            currency: o.currency ?? 'eur',
            unit_amount: o.unitAmount ?? 8388,
            recurring: { interval: o.interval ?? 'year', interval_count: o.intervalCount ?? 1 },
          },
        },
      ],
    },
  };
}

/** A Stripe event around `object`, as JSON text, with the signature header Stripe would send. */
export function signedEvent(secret: string, type: string, object: unknown, created: number, id = `evt_${randomBytes(8).toString('hex')}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { id, payload, signature };
}

/** Delivers a signed event to the app's webhook endpoint as Stripe would. */
export const deliver = (agent: Agent, e: { payload: string; signature: string }) =>
  agent.request({
    method: 'POST',
    url: '/api/premium/webhook',
    payload: e.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
  });

/** Pays a stand-in Checkout page with the test card, as the browser's form would; answers where it redirects. */
export async function payCheckout(url: string, card = '4242 4242 4242 4242'): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card, exp: '12 / 34', cvc: '123', name: 'Test' }),
    redirect: 'manual',
  });
  expect(res.status, await res.clone().text()).toBe(303);
  return res.headers.get('location')!;
}
