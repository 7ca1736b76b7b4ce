import { InvalidWebhookSignature, PaymentsUnavailableError, type Payments } from './port';

/** Production without STRIPE_SECRET_KEY: no stand-in there, so every payment call says it is unavailable. */
export function unavailablePayments(): Payments {
  const fail = async (): Promise<never> => {
    throw new PaymentsUnavailableError('STRIPE_SECRET_KEY is not set');
  };
  return {
    name: 'stripe',
    prices: fail,
    createCustomer: fail,
    createCheckoutSession: fail,
    createPortalSession: fail,
    invoices: fail,
    listSubscriptions: () => ({ [Symbol.asyncIterator]: () => ({ next: fail }) }),
    async verifyEvent() {
      throw new InvalidWebhookSignature('payments are not configured');
    },
  };
}
