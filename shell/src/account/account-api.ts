import type { z } from 'zod';
import { client } from '@verba/kit';
import { useCallback } from 'react';
import { useCommand, useRouteQuery } from '@verba/kit/query';
import {
  devMailbox as devMailboxRoute,
  requestPasswordReset as requestPasswordResetRoute,
  resendVerification as resendVerificationRoute,
  setNewPassword as setNewPasswordRoute,
  verifyEmail as verifyEmailRoute,
  type DevMailSchema,
} from '@verba/contracts/http';

// A 401 on these pages is an answer (no session yet), not an expired session.
const guest = { expireOn401: false } as const;

export type DevMail = z.output<typeof DevMailSchema>;
export const resendVerification = (email: string) => client.call(resendVerificationRoute, { body: { email }, ...guest });
/** Spends the emailed link's token (single use): `verify(token)`, and the command's state. */
export function useVerifyEmail() {
  const command = useCommand(verifyEmailRoute);
  const { mutate } = command;
  const verify = useCallback((token: string) => mutate({ body: { token }, ...guest }), [mutate]);
  return { ...command, verify };
}
export const requestPasswordReset = (email: string) => client.call(requestPasswordResetRoute, { body: { email }, ...guest });
export const setNewPassword = (token: string, password: string) =>
  client.call(setNewPasswordRoute, { body: { token, password }, ...guest });
/**
 * The mail the dev mailbox holds for one address, read each time the page opens: mail arrives by the
 * server's own doing, which no position of this tab names, so nothing is kept once the page is left.
 */
export const useDevMailbox = (to: string) =>
  useRouteQuery(devMailboxRoute, { query: { to }, ...guest }, { staleTime: 0, gcTime: 0, select: (answer) => answer.messages });
