import { z } from 'zod';

/** Currencies prices are offered in, as lowercase ISO 4217 codes (the payment provider's form). */
export const CURRENCIES = ['usd', 'eur', 'gbp', 'aud'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = (typeof CURRENCIES)[number];

/** EU and EEA members, euro-using micro-states, and euro-using territories with their own ISO code. */
export const EUR_COUNTRIES: ReadonlySet<string> = new Set([
  // EU members
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  // other EEA members
  'IS',
  'LI',
  'NO',
  // micro-states and others that use the euro
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
  // euro-using territories (Åland, French overseas)
  'AX',
  'GF',
  'GP',
  'MQ',
  'RE',
  'YT',
  'MF',
  'BL',
  'PM',
]);

/** The UK, Crown Dependencies and British Overseas Territories. */
export const GBP_COUNTRIES: ReadonlySet<string> = new Set([
  'GB',
  'GG',
  'JE',
  'IM',
  'GI',
  'FK',
  'SH',
  'IO',
  'VG',
  'KY',
  'BM',
  'MS',
  'TC',
  'AI',
  'PN',
  'GS',
]);

/** Australia, New Zealand, their Pacific territories, and Pacific states that use the Australian dollar. */
export const AUD_COUNTRIES: ReadonlySet<string> = new Set(['AU', 'NZ', 'NF', 'CX', 'CC', 'HM', 'CK', 'NU', 'TK', 'KI', 'NR', 'TV']);

/** Currency for an ISO 3166-1 alpha-2 country code, case-insensitive; unknown or missing → usd. */
export function currencyForCountry(countryCode: string | null | undefined): Currency {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (EUR_COUNTRIES.has(code)) return 'eur';
  if (GBP_COUNTRIES.has(code)) return 'gbp';
  if (AUD_COUNTRIES.has(code)) return 'aud';
  return 'usd';
}
