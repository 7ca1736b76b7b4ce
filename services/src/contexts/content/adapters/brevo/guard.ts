import { HttpError } from '../../../../platform/http/problem';
import type { Logger } from '../../../../platform/logger';
import { BrevoUnavailableError, type Brevo } from './port';

export const EMAIL_SERVICE_UNAVAILABLE = 'The email service is not available right now. Please try again in a few minutes.';

/**
 * The routes' view of Brevo: an adapter failure is logged with its details and reaches the caller as a
 * 503 with a clear message (never Brevo's own answer); other errors pass through unchanged.
 */
export function guardBrevo<B extends Brevo>(brevo: B, log: Pick<Logger, 'error'>): B {
  const guard =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (error) {
        if (!(error instanceof BrevoUnavailableError)) throw error;
        log.error({ err: error, operation: name }, 'Brevo call failed');
        throw new HttpError(503, EMAIL_SERVICE_UNAVAILABLE);
      }
    };
  return {
    ...brevo,
    createContact: guard('createContact', brevo.createContact.bind(brevo)),
    updateContact: guard('updateContact', brevo.updateContact.bind(brevo)),
    getContact: guard('getContact', brevo.getContact.bind(brevo)),
    deleteContact: guard('deleteContact', brevo.deleteContact.bind(brevo)),
    sendEmail: guard('sendEmail', brevo.sendEmail.bind(brevo)),
  };
}
