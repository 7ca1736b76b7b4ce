import { z } from 'zod';
import { CurrencySchema } from './currencies';
import type { Currency } from './currencies';

/** Billing groups shown on the pricing page. */
export const PRICE_GROUPS = ['monthly', 'annual', 'biannual'] as const;
export const PriceGroupSchema = z.enum(PRICE_GROUPS);
export type PriceGroup = (typeof PRICE_GROUPS)[number];

/** Months one payment covers; "biannual" is a two-year plan (24 months). */
export const MONTHS_PER_GROUP: Readonly<Record<PriceGroup, number>> = {
  monthly: 1,
  annual: 12,
  biannual: 24,
};

/** A price as the payment provider reports it: amount in minor units (cents). */
export const PriceSchema = z.object({
  unit_amount: z.number().int().nonnegative(),
  currency: CurrencySchema,
});
export type Price = z.infer<typeof PriceSchema>;

function assertMinorUnits(amount: number, name: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${name} must be a non-negative integer amount in minor units`);
  }
}

/**
 * Per-month amount in minor units, as displayed: monthly as is, annual / 12,
 * biannual / 24, rounded to the nearest minor unit with halves up
 * (e.g. 9999 annual → 833, 18 annual → 2). Integer arithmetic, no float drift.
 */
export function perMonthMinor(unitAmount: number, group: PriceGroup): number {
  assertMinorUnits(unitAmount, 'unitAmount');
  const months = MONTHS_PER_GROUP[group];
  return Math.floor((2 * unitAmount + months) / (2 * months));
}

/** Localised currency text with exactly 2 decimals, e.g. 999 usd → "$9.99" (en), "9,99 €" (de). */
export function formatPrice(unitAmountMinor: number, currency: Currency, locale = 'en'): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(unitAmountMinor / 100);
}

/**
 * Whole percent saved by paying for a longer group instead of month by month,
 * rounded down so the saving is never overstated. 0 when there is no saving.
 */
export function savingsPercent(monthlyMinor: number, longerMinor: number, group: PriceGroup = 'annual'): number {
  assertMinorUnits(monthlyMinor, 'monthlyMinor');
  assertMinorUnits(longerMinor, 'longerMinor');
  const fullPrice = monthlyMinor * MONTHS_PER_GROUP[group];
  if (fullPrice === 0 || longerMinor >= fullPrice) return 0;
  return Math.floor((100 * (fullPrice - longerMinor)) / fullPrice);
}
