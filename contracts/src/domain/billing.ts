import { currencyForCountry, type Currency } from './currencies';
import type { PriceGroup } from './prices';

/** Subscription statuses as Stripe names them. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Statuses that keep Master: paying (or in a trial), and past due while Stripe retries the payment (the
 * learner keeps access during the retries; the subscription ends if they all fail).
 */
export const MASTER_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];
export const grantsMaster = (status: string): boolean => (MASTER_STATUSES as readonly string[]).includes(status);

/** How the currency of a price list was chosen. */
export const CURRENCY_SOURCES = ['query', 'country-header', 'accept-language', 'default'] as const;
export type CurrencySource = (typeof CURRENCY_SOURCES)[number];

/**
 * The region of the first language range of an Accept-Language header that names one ("de-AT,de;q=0.9"
 * -> "AT"); ranges are taken in the header's order of preference (by q, then position).
 */
export function countryFromAcceptLanguage(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    // language[-script]-REGION: the region is two letters (or three digits, which name no country here).
    const region = tag
      .split('-')
      .slice(1)
      .find((sub) => /^[A-Za-z]{2}$/.test(sub));
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/**
 * The currency to show a visitor: the one asked for, else by the country a trusted header names (a CDN's
 * geo header), else by the region of their preferred language, else usd.
 */
export function chooseCurrency(input: { asked?: Currency; country?: string; acceptLanguage?: string }): {
  currency: Currency;
  source: CurrencySource;
} {
  if (input.asked) return { currency: input.asked, source: 'query' };
  const country = input.country?.trim();
  if (country && /^[A-Za-z]{2}$/.test(country)) return { currency: currencyForCountry(country), source: 'country-header' };
  const region = countryFromAcceptLanguage(input.acceptLanguage);
  if (region) return { currency: currencyForCountry(region), source: 'accept-language' };
  return { currency: 'usd', source: 'default' };
}

/** Plan names and what one payment covers, as pages and the checkout show them. */
export const PLAN_NAMES: Readonly<Record<PriceGroup, string>> = { monthly: 'Monthly', annual: 'Annual', biannual: 'Two years' };
export const PER_PERIOD: Readonly<Record<PriceGroup, string>> = { monthly: 'per month', annual: 'per year', biannual: 'every two years' };
