import type { z } from 'zod';
import { client } from '@verba/kit';
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
export const verifyEmail = (token: string) => client.call(verifyEmailRoute, { body: { token }, ...guest });
export const requestPasswordReset = (email: string) => client.call(requestPasswordResetRoute, { body: { email }, ...guest });
export const setNewPassword = (token: string, password: string) =>
  client.call(setNewPasswordRoute, { body: { token, password }, ...guest });
export const devMailbox = async (to: string) => (await client.call(devMailboxRoute, { query: { to }, ...guest })).messages;
