import { client } from '@verba/kit';
import {
  brevoCreateUser,
  brevoDeleteUser,
  brevoGetUser,
  brevoUpdateBlacklist,
  brevoUpdateUser,
  type MarketingContactSchema,
} from '@verba/contracts/http';
import type { z } from 'zod';

// Spec §7's email marketing proxy: the server keeps each learner's own contact at Brevo (keyed by their
// account, never another's).
export type MailingListContact = z.output<typeof MarketingContactSchema>;

export const fetchContact = async () => (await client.call(brevoGetUser)).contact;
export const joinList = (body: { email: string; name?: string }) => client.call(brevoCreateUser, { body });
export const updateContact = (body: { email: string; name?: string }) => client.call(brevoUpdateUser, { body });
export const setUnsubscribed = (emailBlacklisted: boolean) => client.call(brevoUpdateBlacklist, { body: { emailBlacklisted } });
export const leaveList = () => client.call(brevoDeleteUser);
