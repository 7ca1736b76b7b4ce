import { describe, it, expect } from 'vitest';
import { currencyForCountry } from './currencies';

describe('currencyForCountry', () => {
  it.each(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SK', 'SI'])(
    'eurozone %s → eur',
    (code) => expect(currencyForCountry(code)).toBe('eur'),
  );

  it.each(['PL', 'SE', 'DK', 'CZ', 'HU', 'RO', 'BG', 'NO', 'IS', 'LI', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK'])(
    'other EU/EEA member or euro micro-state %s → eur',
    (code) => expect(currencyForCountry(code)).toBe('eur'),
  );

  it.each(['GB', 'GG', 'JE', 'IM', 'GI', 'FK', 'SH', 'IO', 'VG', 'KY', 'BM', 'MS', 'TC', 'AI', 'PN', 'GS'])(
    'UK and territory %s → gbp',
    (code) => expect(currencyForCountry(code)).toBe('gbp'),
  );

  it.each(['AU', 'NZ', 'NF', 'CX', 'CC', 'HM', 'CK', 'NU', 'TK', 'KI', 'NR', 'TV'])('Australia/New Zealand/Pacific %s → aud', (code) =>
    expect(currencyForCountry(code)).toBe('aud'),
  );

  it.each(['US', 'CA', 'CH', 'FJ', 'JP', 'UK', 'EU', 'XX'])('%s → usd', (code) => {
    expect(currencyForCountry(code)).toBe('usd');
  });

  it('is case-insensitive and ignores surrounding spaces', () => {
    expect(currencyForCountry('de')).toBe('eur');
    expect(currencyForCountry('Gb')).toBe('gbp');
    expect(currencyForCountry(' nz ')).toBe('aud');
  });

  it('defaults to usd for empty or missing codes', () => {
    expect(currencyForCountry('')).toBe('usd');
    expect(currencyForCountry(undefined)).toBe('usd');
    expect(currencyForCountry(null)).toBe('usd');
  });
});
