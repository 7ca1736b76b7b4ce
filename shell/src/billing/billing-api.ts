import { client, sendCommandUnparsed } from '@verba/kit';
import type { Currency, PlanPrices, PriceGroup, SubscriptionData } from '@verba/contracts';

// Schema-free calls (client.send), as on every shell page: see auth-api.ts.
export interface PriceList {
  currency: Currency;
  prices: PlanPrices;
}

/** Without a currency the server chooses one for the visitor's country. */
export const fetchPrices = async (currency?: Currency) =>
  (await client.send('GET', `/api/premium/get-prices${currency ? `?currency=${currency}` : ''}`, { expireOn401: false })) as PriceList;

export const fetchSubscription = async () => (await client.send('GET', '/api/premium/subscription-data')) as SubscriptionData;

/** Sends the browser to Stripe Checkout for the plan. */
export async function checkout(plan: PriceGroup, currency: Currency): Promise<void> {
  const { url } = (await sendCommandUnparsed('POST', '/api/premium/checkout', { plan, currency })) as { url: string };
  window.location.assign(url);
}

/** Sends the browser to Stripe's customer portal. */
export async function openPortal(): Promise<void> {
  const { url } = (await client.send('GET', '/api/premium/customer-portal')) as { url: string };
  window.location.assign(url);
}
