import { client, sendCommand } from '@verba/kit';
import { customerPortal, startCheckout } from '@verba/contracts/http';
import type { Currency, PriceGroup } from '@verba/contracts';

/** Sends the browser to Stripe Checkout for the plan. */
export async function checkout(plan: PriceGroup, currency: Currency): Promise<void> {
  const { url } = await sendCommand(startCheckout, { body: { plan, currency } });
  window.location.assign(url);
}

/** Sends the browser to Stripe's customer portal. */
export async function openPortal(): Promise<void> {
  const { url } = await client.call(customerPortal);
  window.location.assign(url);
}
