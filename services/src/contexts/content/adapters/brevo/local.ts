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
      // Erasure reaches this stand-in's own records too: earlier calls naming the contact (its id, email or
      // name) keep only their operation and time.
      const gone = contacts.get(extId);
      const traces = [extId, gone?.email, gone?.name].filter((v): v is string => !!v).map((v) => v.toLowerCase());
      for (const call of log) {
        const text = JSON.stringify(call.request).toLowerCase();
        if (traces.some((v) => text.includes(v))) call.request = { erased: true };
      }
      record('deleteContact', { extId });
      return contacts.delete(extId);
    },
    async sendEmail(email: Email) {
      record('sendEmail', { ...email });
    },
    calls: () => log.map((c) => ({ ...c })),
  };
}
