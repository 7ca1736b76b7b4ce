import type { Brevo, Email, MarketingContact } from './port';

export interface RecordedCall {
  at: number;
  operation: 'createContact' | 'updateContact' | 'getContact' | 'deleteContact' | 'sendEmail';
  request: Record<string, unknown>;
}

/** Calls kept for admins to look at; older ones drop off. */
export const MAX_RECORDED_CALLS = 200;

export interface LocalBrevo extends Brevo {
  /** Newest first. */
  calls(): RecordedCall[];
}

/**
 * Offline stand-in for Brevo: keeps contacts in memory and records every call (mail included), so the
 * product works without an account and an admin can see what would have been sent.
 */
export function createLocalBrevo(now: () => number = Date.now): LocalBrevo {
  const contacts = new Map<string, MarketingContact>();
  const log: RecordedCall[] = [];
  const record = (operation: RecordedCall['operation'], request: Record<string, unknown>) => {
    log.unshift({ at: now(), operation, request });
    log.length = Math.min(log.length, MAX_RECORDED_CALLS);
  };
  return {
    name: 'local',
    async createContact(extId, contact) {
      record('createContact', { extId, ...contact });
      const previous = contacts.get(extId);
      contacts.set(extId, { emailBlacklisted: previous?.emailBlacklisted ?? false, ...previous, ...contact });
    },
    async updateContact(extId, changes) {
      record('updateContact', { extId, ...changes });
      const previous = contacts.get(extId);
      if (!previous) return false;
      contacts.set(extId, { ...previous, ...changes });
      return true;
    },
    async getContact(extId) {
      record('getContact', { extId });
      const contact = contacts.get(extId);
      return contact ? { ...contact } : undefined;
    },
    async deleteContact(extId) {
      record('deleteContact', { extId });
      return contacts.delete(extId);
    },
    async sendEmail(email: Email) {
      record('sendEmail', { ...email });
    },
    calls: () => log.map((c) => ({ ...c })),
  };
}
