import { useCommand, useRouteQuery } from '@verba/kit/query';
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
// account, never another's). Brevo's state has no log position, so a page reads the contact again after
// its own writes (refetch).
export type MailingListContact = z.output<typeof MarketingContactSchema>;

export const useContact = () => useRouteQuery(brevoGetUser, {}, { select: (data) => data.contact });
export const useJoinList = () => useCommand(brevoCreateUser);
export const useUpdateContact = () => useCommand(brevoUpdateUser);
export const useSetUnsubscribed = () => useCommand(brevoUpdateBlacklist);
export const useLeaveList = () => useCommand(brevoDeleteUser);
