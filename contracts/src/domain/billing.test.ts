import { describe, expect, it } from 'vitest';
import { chooseCurrency, countryFromAcceptLanguage, grantsMaster } from './billing';

describe('countryFromAcceptLanguage', () => {
  it('takes the region of the most preferred range that has one', () => {
    expect(countryFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('AT');
    expect(countryFromAcceptLanguage('fr;q=0.9,en-GB;q=0.8')).toBe('GB');
    expect(countryFromAcceptLanguage('en-US;q=0.5,en-AU;q=0.9')).toBe('AU');
    expect(countryFromAcceptLanguage('zh-Hant-TW')).toBe('TW');
  });

  it('has none for plain languages, numeric regions, q=0 or nothing', () => {
    expect(countryFromAcceptLanguage('de, fr')).toBeUndefined();
    expect(countryFromAcceptLanguage('es-419')).toBeUndefined();
    expect(countryFromAcceptLanguage('de-DE;q=0')).toBeUndefined();
    expect(countryFromAcceptLanguage('')).toBeUndefined();
    expect(countryFromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe('chooseCurrency', () => {
  it('prefers what was asked, then the country header, then the language region, then usd', () => {
    expect(chooseCurrency({ asked: 'gbp', country: 'DE', acceptLanguage: 'en-AU' })).toEqual({ currency: 'gbp', source: 'query' });
    expect(chooseCurrency({ country: 'ie', acceptLanguage: 'en-AU' })).toEqual({ currency: 'eur', source: 'country-header' });
    expect(chooseCurrency({ country: 'XX1', acceptLanguage: 'en-NZ' })).toEqual({ currency: 'aud', source: 'accept-language' });
    expect(chooseCurrency({ acceptLanguage: 'en-GB,en;q=0.8' })).toEqual({ currency: 'gbp', source: 'accept-language' });
    expect(chooseCurrency({ acceptLanguage: 'ja-JP' })).toEqual({ currency: 'usd', source: 'accept-language' });
    expect(chooseCurrency({})).toEqual({ currency: 'usd', source: 'default' });
  });
});

describe('grantsMaster', () => {
  it('is true while paying or retrying a payment, false once ended or never paid', () => {
    expect(['trialing', 'active', 'past_due'].map(grantsMaster)).toEqual([true, true, true]);
    expect(['incomplete', 'incomplete_expired', 'canceled', 'unpaid', 'paused'].map(grantsMaster)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
