import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from './signature';
import { STRIPE_API_VERSION } from './stripe-state';

describe("the stand-in's webhook signature", () => {
  const secret = 'whsec_test_secret';
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.subscription.updated', data: { object: {} } });

  it('is the header the SDK computes for Stripe, and the SDK verifies it', () => {
    const t = Math.floor(Date.now() / 1000);
    expect(signatureHeader(payload, secret, t)).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: t }));
    const stripe = new Stripe('sk_test_x');
    expect(stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret, t), secret).id).toBe('evt_1');
  });

  it('fails verification with another secret, another body or an old timestamp', () => {
    const stripe = new Stripe('sk_test_x');
    const t = Math.floor(Date.now() / 1000);
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader(payload, 'whsec_other', t), secret)).toThrow();
    expect(() => stripe.webhooks.constructEvent(`${payload} `, signatureHeader(payload, secret, t), secret)).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret, t - 3600), secret)).toThrow(/tolerance/);
  });

  it('stamps its events with the API version of the installed SDK', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });
});
