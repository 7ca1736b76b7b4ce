import { client } from '@verba/kit';

// Schema-free calls (client.send), as on every shell page: see auth-api.ts. Spec §7's email marketing
// proxy: the server keeps each learner's own contact at Brevo (keyed by their account, never another's).
export interface MailingListContact {
  email: string;
  name?: string;
  /** Unsubscribed: the list keeps the contact but sends it no marketing email. */
  emailBlacklisted: boolean;
}

export const fetchContact = async () =>
  ((await client.send('GET', '/api/brevo/get-user')) as { contact: MailingListContact | null }).contact;
export const joinList = (body: { email: string; name?: string }) => client.send('POST', '/api/brevo/create-user', { body });
export const updateContact = (body: { email: string; name?: string }) => client.send('PUT', '/api/brevo/update-user', { body });
export const setUnsubscribed = (emailBlacklisted: boolean) =>
  client.send('PATCH', '/api/brevo/update-blacklist', { body: { emailBlacklisted } });
export const leaveList = () => client.send('DELETE', '/api/brevo/delete-user');
