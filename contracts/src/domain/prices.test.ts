import { describe, it, expect } from 'vitest';
import { PRICE_GROUPS, PriceSchema, formatPrice, perMonthMinor, savingsPercent } from './prices';

// Intl uses a no-break space in some locales; compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00A0\u202F]/g, ' ');

describe('perMonthMinor', () => {
  it('shows monthly as is, annual over 12, biannual over 24', () => {
    expect(PRICE_GROUPS).toEqual(['monthly', 'annual', 'biannual']);
    expect(perMonthMinor(999, 'monthly')).toBe(999);
    expect(perMonthMinor(9600, 'annual')).toBe(800);
    expect(perMonthMinor(14400, 'biannual')).toBe(600);
  });

  it('rounds to the nearest minor unit, halves up', () => {
    expect(perMonthMinor(9999, 'annual')).toBe(833); // 833.25
    expect(perMonthMinor(10002, 'annual')).toBe(834); // 833.5
    expect(perMonthMinor(10001, 'annual')).toBe(833); // 833.4166…
    expect(perMonthMinor(10003, 'annual')).toBe(834); // 833.5833…
    expect(perMonthMinor(36, 'biannual')).toBe(2); // 1.5
    expect(perMonthMinor(35, 'biannual')).toBe(1); // 1.458…
    expect(perMonthMinor(0, 'annual')).toBe(0);
  });

  it('rejects amounts that are not whole non-negative minor units', () => {
    expect(() => perMonthMinor(9.99, 'monthly')).toThrow(RangeError);
    expect(() => perMonthMinor(-1, 'annual')).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it('formats minor units with 2 decimals in English by default', () => {
    expect(formatPrice(999, 'usd')).toBe('$9.99');
    expect(formatPrice(800, 'eur')).toBe('€8.00');
    expect(formatPrice(1050, 'gbp')).toBe('£10.50');
    expect(formatPrice(833, 'aud')).toBe('A$8.33');
    expect(formatPrice(0, 'usd')).toBe('$0.00');
    expect(formatPrice(123456, 'usd')).toBe('$1,234.56');
  });

  it('follows the given locale', () => {
    expect(plain(formatPrice(999, 'eur', 'de'))).toBe('9,99 €');
    expect(plain(formatPrice(999, 'eur', 'fr'))).toBe('9,99 €');
  });
});

describe('savingsPercent', () => {
  it('is the whole percent saved against paying monthly, rounded down', () => {
    expect(savingsPercent(1000, 9600)).toBe(20);
    expect(savingsPercent(1000, 10000)).toBe(16); // 16.67% is not overstated as 17
    expect(savingsPercent(1000, 12000)).toBe(0);
    expect(savingsPercent(1000, 14400, 'biannual')).toBe(40);
  });

  it('never reports a negative or undefined saving', () => {
    expect(savingsPercent(1000, 13000)).toBe(0);
    expect(savingsPercent(0, 0)).toBe(0);
  });
});

describe('PriceSchema', () => {
  it('accepts provider prices in minor units', () => {
    expect(PriceSchema.parse({ unit_amount: 999, currency: 'usd' })).toEqual({ unit_amount: 999, currency: 'usd' });
    expect(PriceSchema.safeParse({ unit_amount: 9.99, currency: 'usd' }).success).toBe(false);
    expect(PriceSchema.safeParse({ unit_amount: 999, currency: 'USD' }).success).toBe(false);
  });
});
