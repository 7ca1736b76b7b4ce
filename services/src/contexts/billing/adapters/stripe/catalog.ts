import { CURRENCIES, PRICE_GROUPS, type Currency, type PriceGroup } from '@verba/contracts';

/**
 * Master's prices live in Stripe, found by lookup key (one Price per plan and currency), so prices change in
 * the Stripe dashboard without a deploy. Create these twelve recurring Prices on one Product in a real
 * account; the local stand-in creates them itself with the amounts below.
 */
export const lookupKey = (plan: PriceGroup, currency: Currency) => `verba_master_${plan}_${currency}`;

/** Billing period of each plan, as a Stripe recurring price states it. */
export const RECURRING: Record<PriceGroup, { interval: 'month' | 'year'; interval_count: number }> = {
  monthly: { interval: 'month', interval_count: 1 },
  annual: { interval: 'year', interval_count: 1 },
  biannual: { interval: 'year', interval_count: 2 },
};

/** The plan a recurring price bills for, or null for one Verba did not define. */
export function planOf(recurring: { interval: string; interval_count: number } | null | undefined): PriceGroup | null {
  if (!recurring) return null;
  return (
    PRICE_GROUPS.find((p) => RECURRING[p].interval === recurring.interval && RECURRING[p].interval_count === recurring.interval_count) ??
    null
  );
}

/** The stand-in's amounts (minor units): about a fifth off yearly, a third off for two years. */
export const STAND_IN_AMOUNTS: Record<Currency, Record<PriceGroup, number>> = {
  usd: { monthly: 999, annual: 9588, biannual: 16776 },
  eur: { monthly: 899, annual: 8388, biannual: 14376 },
  gbp: { monthly: 799, annual: 7188, biannual: 11976 },
  aud: { monthly: 1499, annual: 14388, biannual: 23976 },
};

export const ALL_LOOKUP_KEYS = CURRENCIES.flatMap((c) => PRICE_GROUPS.map((p) => lookupKey(p, c)));
