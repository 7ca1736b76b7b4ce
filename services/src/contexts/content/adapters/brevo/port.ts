/**
 * Brevo port: the mailing-list contacts and transactional mail the /api/brevo routes proxy.
 * Adapters: `http.ts` (Brevo's REST API) and `local.ts` (records calls; the embedded default).
 * Contacts are keyed by an external id (the Verba user id), so a caller only ever reaches their own.
 */
export interface MarketingContact {
  email: string;
  name?: string;
  emailBlacklisted: boolean;
}

export interface Email {
  to: { email: string; name?: string };
  replyTo?: { email: string; name?: string };
  subject: string;
  text: string;
}

export interface Brevo {
  readonly name: 'local' | 'brevo';
  /** Creates the contact, or updates it when one with this external id exists. */
  createContact(extId: string, contact: { email: string; name?: string }): Promise<void>;
  /** False when there is no such contact. */
  updateContact(extId: string, changes: { email?: string; name?: string; emailBlacklisted?: boolean }): Promise<boolean>;
  getContact(extId: string): Promise<MarketingContact | undefined>;
  /** False when there was no such contact. */
  deleteContact(extId: string): Promise<boolean>;
  sendEmail(email: Email): Promise<void>;
}

/** The adapter could not do it (network, 5xx, bad key): a 502 to the caller, details in the log. */
export class BrevoUnavailableError extends Error {
  override readonly name = 'BrevoUnavailableError';
}
